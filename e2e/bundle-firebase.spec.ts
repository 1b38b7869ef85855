// Marketing pages never load Firebase (docs/decisions/0004): the production build's marketing pages
// import none of its code statically, and /profile does load it. Loading each marketing page in
// Chromium (no Firebase, at most 100 kB of JS) is part of the marketing walk (marketing-walk.spec.ts).
// Also reports the JS bytes (gzip) that /profile loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { marketingPaths } from '../src/marketing/marketing-paths'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { collectScripts, FIREBASE_MARKER, report, withFirebase } from './loaded-scripts'
import { ONLINE_AUTH_PORT } from './online-world'

const OUT_DIR = process.env.SUNBEAM_OUT_DIR ?? 'dist'

test('the build has Firebase code, and only in chunks the marketing pages never import statically', async () => {
  const assets = join(OUT_DIR, 'assets')
  expect(existsSync(assets), `build output ${assets} (run the build first)`).toBe(true)
  const read = (file: string) => readFileSync(join(OUT_DIR, file), 'utf8')

  // Every prerendered marketing page: its entry script and everything that script imports statically.
  const pages = marketingPaths.map((path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`))
  let sawFirebase = false
  for (const html of pages) {
    const markup = read(html)
    const entries = [
      ...markup.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
      ...markup.matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
      // The prerendered pages start their app, once the first screen has loaded, from the entry this
      // meta tag names (src/app/start-app.ts).
      ...markup.matchAll(/<meta name="sunbeam-app-entry" content="\/([^"]+\.js)"/g),
    ].map((m) => m[1] ?? '')
    expect(entries.length, `${html} has an entry script`).toBeGreaterThan(0)
    const seen = new Set<string>()
    const queue = [...entries]
    while (queue.length) {
      const file = queue.pop() ?? ''
      if (seen.has(file)) continue
      seen.add(file)
      const code = read(file)
      expect(FIREBASE_MARKER.test(code), `${html} loads ${file}, which holds Firebase code`).toBe(false)
      // Static imports only (`import ... from "./x.js"`, `import "./x.js"`); import() loads on demand.
      for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g))
        queue.push(join('assets', m[1]?.slice(2) ?? ''))
    }
  }
  // The check above means something only if the build does contain Firebase somewhere.
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js')))
    if (FIREBASE_MARKER.test(readFileSync(join(assets, file), 'utf8'))) sawFirebase = true
  expect(sawFirebase, 'some chunk holds the Firebase SDK').toBe(true)
})

async function createAccount(request: APIRequestContext, email: string) {
  const response = await request.post(
    // The suite's Auth emulator: E2E_AUTH_PORT where a second copy runs beside the first.
    `http://127.0.0.1:${ONLINE_AUTH_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password: 'sunbeam-secret-1', displayName: 'Bundle Parent', returnSecureToken: true } },
  )
  expect(response.ok()).toBe(true)
}

test.describe('the parent area', () => {
  // Firestore's server is absent in the browser suite: only its offline messages may be logged.
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('/profile loads Firebase (signed-out visit, then a signed-in parent opening it)', async ({
    app,
    page,
    context,
    request,
  }) => {
    const signedOut = collectScripts(page)
    await app.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(withFirebase(signedOut).length).toBeGreaterThan(0)
    report('/profile (signed out, ends on /login)', signedOut)

    const email = `b-bundle-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    await createAccount(request, email)
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill('sunbeam-secret-1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()

    // A parent opening /profile in a new tab: everything that page downloads.
    const tab = await context.newPage()
    const signedIn = collectScripts(tab)
    await tab.goto('/profile')
    // What is measured here is bytes. A new tab downloads and starts Firebase and reads the session
    // before the page shows (3 to 5 s on a quiet machine here, longer beside a second suite).
    await expect(tab.getByRole('heading', { name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
    await tab.waitForLoadState('networkidle')
    expect(withFirebase(signedIn).length).toBeGreaterThan(0)
    report('/profile (signed in)', signedIn)
  })
})
