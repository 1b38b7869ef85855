// @vitest-environment jsdom
// The live 'My Profile' kept as the parent's picture: written when the screen changes and rests, for the
// signed-in parent only, never once their session has ended (docs/decisions/0033).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PICTURE_KEY_PREFIX, readPicture } from '#shared/device/parent-picture'
import { forgetParentPictures, keepParentPicture } from './parent-picture-screen'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  history.replaceState(null, '', '/profile')
  document.head.innerHTML =
    '<script type="module" src="/assets/framework-1.js"></script><link rel="stylesheet" href="/assets/notices-1.css">'
  document.body.innerHTML = `<div id="root"><a class="skip-link" href="#main">Skip</a>
    <main id="main"><div class="profile-page"><h1>My Profile</h1>
    <ul class="kids-list"><li class="kid-card"><strong class="kid-card-name">Amara Obi</strong></li></ul></div></main>
    <section aria-label="Notifications"><p>Signed in successfully</p></section></div>`
})

afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

/** Lets the observer's records and the capture's wait run. */
async function rest() {
  await Promise.resolve()
  vi.advanceTimersByTime(1_000)
}

describe('keeping the parent’s picture', () => {
  it('takes the screen once it rests, with its stylesheets and entry, and again when it changes', async () => {
    const stop = keepParentPicture('ada', () => true)
    await rest()
    const picture = readPicture('ada')
    expect(picture?.entry).toBe('/assets/framework-1.js')
    expect(picture?.stylesheets).toEqual(['/assets/notices-1.css'])
    const text = JSON.stringify(picture)
    expect(text).toContain('Amara Obi')
    // Only the skip link, the header and <main>: no toast.
    expect(text).not.toContain('Signed in successfully')
    document.querySelector('.kid-card-name')?.replaceChildren('Amara Obi-Ade')
    await rest()
    expect(JSON.stringify(readPicture('ada'))).toContain('Amara Obi-Ade')
    stop()
  })

  it('takes nothing once the parent is signed out, nor while a question is open', async () => {
    let signedIn = true
    const stop = keepParentPicture('ada', () => signedIn)
    document.body.insertAdjacentHTML('beforeend', '<div role="alertdialog">Delete?</div>')
    await rest()
    expect(readPicture('ada')).toBeNull()
    document.querySelector('[role="alertdialog"]')?.remove()
    signedIn = false
    await rest()
    expect(readPicture('ada')).toBeNull()
    stop()
  })

  it('takes nothing while a part of the screen is still loading, and the screen once it has loaded', async () => {
    // 'Loading your notices…' painted at the next start would never match the live page, which knows
    // them by then: the takeover would wait for its bound (decision 0098).
    document
      .querySelector('.profile-page')
      ?.insertAdjacentHTML(
        'beforeend',
        '<section class="notices" aria-busy="true"><p class="notices__empty">Loading your notices…</p></section>',
      )
    const stop = keepParentPicture('ada', () => true)
    await rest()
    expect(readPicture('ada')).toBeNull()
    const notices = document.querySelector('.notices')
    notices?.setAttribute('aria-busy', 'false')
    notices?.replaceChildren('No notices yet.')
    await rest()
    expect(JSON.stringify(readPicture('ada'))).toContain('No notices yet.')
    stop()
  })

  it('forgets every picture and takes no more for the session that ends', async () => {
    keepParentPicture('ada', () => true)
    await rest()
    expect(readPicture('ada')).not.toBeNull()
    localStorage.setItem(`${PICTURE_KEY_PREFIX}bola`, '{}')
    forgetParentPictures()
    expect(localStorage.getItem(`${PICTURE_KEY_PREFIX}bola`)).toBeNull()
    document.querySelector('.kid-card-name')?.replaceChildren('Changed')
    await rest()
    expect(readPicture('ada')).toBeNull()
  })
})
