import { describe, expect, it } from 'vitest'
import { loadedAppFiles } from './keep-loaded-files'

describe('the files a page loaded before a worker controlled it', () => {
  it('are the app’s own hashed files, each once, never another origin’s or a page', () => {
    const origin = 'https://sunbeam.example'
    expect(
      loadedAppFiles(
        [
          { name: `${origin}/assets/firebase-app-AbC123.js` },
          { name: `${origin}/assets/firebase-app-AbC123.js` },
          { name: `${origin}/assets/index-Xyz.css` },
          { name: `${origin}/signup` },
          { name: 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup' },
          { name: 'https://elsewhere.example/assets/x.js' },
        ],
        origin,
      ),
    ).toEqual([`${origin}/assets/firebase-app-AbC123.js`, `${origin}/assets/index-Xyz.css`])
  })
})
