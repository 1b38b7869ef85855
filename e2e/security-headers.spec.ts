// The site under its security headers (docs/decisions/0010-security-headers.md): the suite's server
// sends firebase.json's headers with Firebase Hosting's own code (scripts/hosting-server.mjs), with the
// build's hashes and the local emulators in the policy, and every test of the suite fails on a Content-Security-Policy
// violation (e2e/fixtures.ts), Trusted Types' included: every flow of the parent area is walked under
// the policy by its own spec. These tests check the headers themselves, and the service worker under them.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { type HostingHeaderRule, servedConfig } from '../scripts/hosting-config.mjs'
import { isFirestoreConnectivityProbe } from './firestore-offline'
import { type CspViolation, describeCspViolation, expect, scrollThrough, test } from './fixtures'

const firebaseConfig = JSON.parse(readFileSync(resolve('firebase.json'), 'utf8'))
const rules = (firebaseConfig.hosting.headers ?? []) as HostingHeaderRule[]
/** The headers a rule list gives every path (its `**` rule), by lower-case name. */
const everywhereIn = (list: readonly HostingHeaderRule[]) =>
  Object.fromEntries(
    (list.find((rule) => rule.source === '**')?.headers ?? []).map(({ key, value }) => [
      key.toLowerCase(),
      value,
    ]),
  )
/** The headers firebase.json gives every path: production's. */
const everywhere = everywhereIn(rules)
/** What this suite's server sends: the same, with the build's hashes and the local emulators allowed. */
async function servedEverywhere() {
  const served = await servedConfig({ outDir: process.env.SUNBEAM_OUT_DIR ?? 'dist', emulators: true })
  return everywhereIn(served.hosting.headers ?? [])
}

/** The violations reported so far, other than Firestore's connectivity probe, described. */
function unexpected(violations: CspViolation[]): string[] {
  return violations.filter((violation) => !isFirestoreConnectivityProbe(violation)).map(describeCspViolation)
}

test('pages, the app shell and assets are served with the security headers of firebase.json', async ({
  page,
  request,
}) => {
  // The policy itself: scripts from the site and inline ones by hash only, and nothing may frame the site.
  const policy = everywhere['content-security-policy'] ?? ''
  expect(policy).not.toContain("'unsafe-eval'")
  const directives = Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
  // firebase.json names the committed build's hashes (npm run csp-hashes, decision 0036); whatever
  // serves or deploys a build gives the policy exactly its pages' own: the same for this build.
  for (const name of ['script-src', 'style-src']) {
    expect(directives[name]?.[0], name).toBe("'self'")
    for (const source of directives[name]?.slice(1) ?? []) expect(source, name).toMatch(/^'sha256-/)
  }
  const served = await servedEverywhere()
  const servedDirectives = Object.fromEntries(
    (served['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
  // The start-up script by hash; styles from the site's files, and inline ones by hash only (the
  // stylesheet each page carries, the one sonner inserts); style-src-elem and style-src-attr are left
  // to fall back to style-src.
  for (const name of ['script-src', 'style-src']) {
    expect(servedDirectives[name]?.[0], name).toBe("'self'")
    expect(servedDirectives[name]?.length, name).toBeGreaterThan(1)
    for (const source of servedDirectives[name]?.slice(1) ?? []) expect(source, name).toMatch(/^'sha256-/)
  }
  expect(servedDirectives['script-src']).toEqual(directives['script-src'])
  expect(servedDirectives['style-src']).toEqual(directives['style-src'])
  expect(directives['style-src-elem']).toBeUndefined()
  expect(directives['style-src-attr']).toBeUndefined()
  // Every script sink (innerHTML, a script's src, eval…) takes a Trusted Type, and only the site's one
  // narrow policy (src/shared/device/trusted-script-url.ts) may make one.
  expect(directives['require-trusted-types-for']).toEqual(["'script'"])
  expect(directives['trusted-types']).toEqual(['sunbeam-script-url'])
  // Production's policy names no emulator: the suite's server adds them (scripts/hosting-config.mjs).
  expect(policy).not.toMatch(/127\.0\.0\.1|localhost/)
  // From nothing: every directive the site needs is named (Mozilla's Observatory credits 'none').
  expect(directives['default-src']).toEqual(["'none'"])
  for (const named of [
    'script-src',
    'style-src',
    'img-src',
    'font-src',
    'connect-src',
    'worker-src',
    'manifest-src',
  ])
    expect(directives[named]?.[0], named).toBe("'self'")
  expect(directives['frame-ancestors']).toEqual(["'none'"])
  expect(directives['object-src']).toEqual(["'none'"])
  // No http: source: on the https site that would let the page load over plain HTTP (and the HTTP
  // Observatory marks it down). The local emulators are named without a scheme, which allows http only
  // on a page served over http (npm start, this suite).
  for (const sources of Object.values(directives))
    for (const source of sources) expect(source).not.toMatch(/^http:/)
  expect(everywhere).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    // Our own, not only Hosting's: a custom domain keeps it too (docs/decisions/0038).
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  })
  expect(everywhere['permissions-policy']).toMatch(/(^|, )camera=\(\)/)

  await page.goto('/')
  const entry = await page.locator('meta[name="sunbeam-app-entry"]').getAttribute('content')
  expect(entry).toMatch(/^\/assets\/[\w.-]+\.js$/)
  const responses: [string, Record<string, string>][] = []
  for (const path of [
    '/',
    '/about',
    '/login',
    '/add-kid',
    entry as string,
    '/sw.js',
    '/manifest.webmanifest',
  ]) {
    const response = await request.get(path, {
      headers: { accept: path.includes('.') ? '*/*' : 'text/html' },
    })
    expect(response.status(), path).toBe(200)
    responses.push([path, response.headers()])
  }
  for (const [path, headers] of responses) {
    for (const [key, value] of Object.entries(served)) expect(headers[key], `${path}: ${key}`).toBe(value)
    // Hashed assets are cached for a year; everything else is revalidated.
    expect(headers['cache-control'], path).toBe(
      path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
  }
})

/** Scrolls to the bottom of the page, so every section below the first screen loads and hydrates. */
async function scrollToEnd(page: Page) {
  await scrollThrough(page)
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.deferred-section')].every(
          (section) => section.getAttribute('data-hydrated') === 'true',
        ),
      ),
    )
    .toBe(true)
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the service worker registers, installs and takes over under the policy', async ({
    app,
    page,
    cspViolations,
  }) => {
    await app.goto('/')
    // Registered once the page has loaded (src/pwa/sw-update.ts): the script URL is a Trusted Types sink.
    // Its install fetches the whole precache first: with one core busy on a slower machine of this kind
    // that was more than the 10 s of a poll, so the test waits for it as waitForServiceWorker does
    // (service-worker.ts), then for the activate step's end.
    await page.evaluate(() => navigator.serviceWorker.ready)
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
      .toBe('activated')
    await app.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await scrollToEnd(page)
    expect(unexpected(cspViolations)).toEqual([])
  })
})
