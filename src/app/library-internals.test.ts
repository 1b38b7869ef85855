// @vitest-environment node
// The places where the app leans on a library's internals, each pinned to the version it was checked on:
// an upgrade fails here until someone has checked them again (the behaviour tests named beside each
// catch a break too) and moved the pin.
// - @tanstack/react-router 1.170.46 (router-core 1.171.39): `router.options.defaultPendingMs` read per
//   navigation as a getter (src/app/router.tsx; the sign-in loader's tests in
//   src/app/remembered-session.test.tsx),
//   `router.ssr` set before hydrating a prerendered page (src/app/main.tsx; e2e/deferred-hydration),
//   and `match._notFound` (src/app/entry-prerender.tsx; below).
// - vite.config.ts's `lazyRouterParts`: @tanstack/react-router's and router-core's file names.
// - firebase 12.14.0 (@firebase/firestore 4.15.0): Firestore deciding whether Auth exists one task after
//   its first operation (src/firebase/firebase-app.ts, `nextTask`; e2e/cold-start). Checked again on
//   4.15.0: its `FirebaseAuthCredentialsProvider` is the same code as 4.11.0's (decision 0097).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderPage } from './entry-prerender'

const require = createRequire(import.meta.url)

/** An installed package's folder and version (its package.json, found from its main entry). */
function installed(name: string): { dir: string; version: string } {
  let dir = dirname(require.resolve(name))
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string
        version: string
      }
      if (pkg.name === name) return { dir, version: pkg.version }
    } catch {
      // Not the package's folder yet.
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`${name}: no package.json found`)
    dir = parent
  }
}

describe('library internals the app relies on', () => {
  it('are checked on the installed versions', () => {
    expect(installed('@tanstack/react-router').version).toBe('1.170.46')
    expect(installed('@tanstack/router-core').version).toBe('1.171.39')
    expect(installed('@firebase/firestore').version).toBe('4.15.0') // firebase 12.14.0
  })

  it("the router marks a path no route has as not found (match._notFound): the prerenderer's 404", async () => {
    expect((await renderPage('/blog/7')).statusCode).toBe(404)
    expect((await renderPage('/nope')).statusCode).toBe(404)
    expect((await renderPage('/blog/6')).statusCode).toBe(200)
  })

  it("vite.config.ts's lazy router parts still name files the router ships", () => {
    const esm = (name: string, file: string) => join(installed(name).dir, 'dist', 'esm', file)
    for (const file of ['HeadContent.js', 'headContentUtils.js', 'Asset.js'])
      expect(() => readFileSync(esm('@tanstack/react-router', file)), file).not.toThrow()
    expect(() => readFileSync(esm('@tanstack/router-core', 'manifest.js'))).not.toThrow()
  })
})
