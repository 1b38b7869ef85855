// The site under its security headers (docs/decisions/0010-security-headers.md): the suite's server
// sends firebase.json's headers with Firebase Hosting's own code (scripts/hosting-server.mjs), with the
// build's hashes and the local emulators in the policy, and every test of the suite fails on a Content-Security-Policy
// violation (e2e/fixtures.ts), Trusted Types' included. These tests check the headers themselves and walk
// through what the site does, step by step, under them. A flow added to the parent area belongs in the
// last test, between signing up and deleting the account.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { type HostingHeaderRule, servedConfig } from '../scripts/hosting-config.mjs'
import {
  answerConnectivityProbe,
  firestoreUnreachable,
  isFirestoreConnectivityProbe,
  queuedKidWrites,
} from './firestore-offline'
import { answerFirestoreRest } from './firestore-rest-fake'
import { type CspViolation, describeCspViolation, expect, scrollThrough, test } from './fixtures'
import { amara, cardLink, imageLoaded, kidCard, PASSWORD } from './parent-steps'
import { photoFiles } from './pictures'
import { sendQuickInquire } from './quick-inquire'
import { answerStorage } from './storage-fake'

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
  // firebase.json names no hash: whatever serves or deploys a build adds exactly its pages' own.
  expect(directives['script-src']).toEqual(["'self'"])
  expect(directives['style-src']).toEqual(["'self'"])
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
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
      .toBe('activated')
    await app.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await scrollToEnd(page)
    expect(unexpected(cspViolations)).toEqual([])
  })
})

test.describe('with Firebase', () => {
  // Firestore's server is absent in the browser suite (its emulator needs Java 21): only its offline
  // messages may be logged, and its connectivity probe is the one violation the policy makes on purpose.
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test("a parent's whole way through the site runs without a violation of the policy or of Trusted Types", async ({
    app,
    page,
    cspViolations,
    parent,
  }) => {
    // Thirteen steps, several waiting on Firebase: about 40 s alone, more beside other suites.
    test.setTimeout(180_000)
    const storage = await answerStorage(page)
    const server = await answerFirestoreRest(page)
    const clean = () => expect(unexpected(cspViolations)).toEqual([])
    await test.step('Quick Inquire', async () => {
      await app.goto('/contact')
      await sendQuickInquire(page)
      await expect(page.getByText(/^Thank you, Ada!/)).toBeVisible()
      clean()
    })
    let email = ''
    await test.step('sign up', async () => {
      email = (await parent.signUp({ label: 'csp' })).email
      await expect(page.getByLabel('Name')).toHaveValue('Ngozi Parent')
      clean()
    })
    await test.step('add a child with two photos', async () => {
      await parent.addChild({ photos: 2 })
      await expect.poll(() => storage.uploads.length).toBe(2)
      await imageLoaded(kidCard(page, amara.kidName).locator('img.kid-card-cover'))
      clean()
    })
    await test.step('view it', async () => {
      await cardLink(page, amara.kidName).click()
      await imageLoaded(page.getByRole('img', { name: `Photo 2 of 2 of ${amara.kidName}` }).first())
      // Another device's view: the photos read from Storage with the parent's token.
      await page.evaluate(() => caches.delete('sunbeam-photo-copies'))
      await app.reload()
      await imageLoaded(page.getByRole('img', { name: `Photo 1 of 2 of ${amara.kidName}` }).first())
      expect(storage.downloads.length).toBeGreaterThan(0)
      await page.getByRole('link', { name: 'Back to profile' }).click()
      clean()
    })
    await test.step('edit it, adding a photo', async () => {
      await kidCard(page, amara.kidName)
        .getByRole('link', { name: `Edit ${amara.kidName}` })
        .click()
      const chosen = page.getByRole('list', { name: 'Chosen photos' })
      await expect(chosen.getByRole('img')).toHaveCount(2)
      await page.getByLabel('Images').setInputFiles(photoFiles(1, 'new'))
      await expect(chosen.getByRole('img')).toHaveCount(3)
      await page.getByRole('button', { name: 'Edit Child' }).click()
      await expect(page.getByText('Child edited')).toBeVisible()
      await expect(page).toHaveURL(/\/profile$/)
      await expect.poll(() => storage.uploads.length).toBe(3)
      clean()
    })
    await test.step("'Your data' and its download", async () => {
      const data = page.getByRole('region', { name: 'Your data' })
      // Whether the browser keeps this device's data, asked once the child was queued.
      await expect(data.locator('[data-device-data]')).toHaveText(/^On this device: (kept|may be cleared)\./)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        data.getByRole('button', { name: 'Download my data' }).click(),
      ])
      await expect(data.getByText('Your data is downloaded.')).toBeVisible()
      expect(download.suggestedFilename()).toMatch(/\.zip$/)
      clean()
    })
    await test.step('sign out, keeping the record that waits for the server', async () => {
      await parent.signOut({ waitingChildren: 'keep' })
      clean()
    })
    await test.step('sign in', async () => {
      await parent.signIn({ email })
      await expect(kidCard(page, amara.kidName)).toBeVisible()
      clean()
    })
    await test.step('delete the account', async () => {
      const uid = await parent.uid()
      const kidId = (await cardLink(page, amara.kidName).getAttribute('href'))?.split('/').pop() ?? ''
      const [write] = (await queuedKidWrites(page, kidId)).slice(-1)
      server.documents.set(`kids/${kidId}`, { fields: write?.restFields ?? {} })
      await page.getByRole('button', { name: 'Delete my account' }).click()
      const form = page.getByRole('form', { name: 'Delete my account' })
      await form.getByLabel('Your password').fill(PASSWORD)
      await form.getByRole('button', { name: 'Delete my account' }).click()
      await expect(page.getByText('Your account and all your data have been deleted.')).toBeVisible({
        timeout: 30_000,
      })
      expect(server.deletes).toContain(`users/${uid}`)
      clean()
    })
  })
})
