// The site under its security headers (docs/decisions/0010-security-headers.md): the suite's server
// sends firebase.json's headers exactly as Firebase Hosting does (scripts/hosting-headers.mjs), and
// every test of the suite fails on a Content-Security-Policy violation (e2e/fixtures.ts). These tests
// check the headers themselves and walk through what the site does, step by step, under them. A flow
// added to the parent area belongs in the last test, between signing up and signing out.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import {
  answerConnectivityProbe,
  firestoreUnreachable,
  isFirestoreConnectivityProbe,
} from './firestore-offline'
import { type CspViolation, describeCspViolation, expect, scrollThrough, test } from './fixtures'
import {
  amara,
  answerStorage,
  cardLink,
  fillChild,
  imageLoaded,
  kidCard,
  photoFiles,
  signOutFromProfile,
  signUpFreshParent,
} from './parent-harness'
import { sendQuickInquire } from './quick-inquire'

interface HeaderRule {
  source: string
  headers: { key: string; value: string }[]
}

const rules = (JSON.parse(readFileSync(resolve('firebase.json'), 'utf8')).hosting.headers ??
  []) as HeaderRule[]
/** The headers firebase.json gives every path (its `**` rule). */
const everywhere = Object.fromEntries(
  (rules.find((rule) => rule.source === '**')?.headers ?? []).map(({ key, value }) => [
    key.toLowerCase(),
    value,
  ]),
)

const marketingPages = [
  '/',
  '/about',
  '/pricing',
  '/team',
  '/blog',
  ...[1, 2, 3, 4, 5, 6].map((id) => `/blog/${id}`),
  '/contact',
]

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
  expect(directives['script-src']?.[0]).toBe("'self'")
  for (const source of directives['script-src']?.slice(1) ?? []) expect(source).toMatch(/^'sha256-/)
  expect(directives['default-src']).toEqual(["'self'"])
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
    for (const [key, value] of Object.entries(everywhere)) expect(headers[key], `${path}: ${key}`).toBe(value)
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

test('every marketing page, scrolled to its end, runs without a violation of the policy', async ({
  app,
  page,
  cspViolations,
}) => {
  // Thirteen pages, each scrolled to its end: about 30 s alone, more than 90 s beside a second copy of
  // the suite on two cores.
  test.setTimeout(180_000)
  // The browser says so when it does not understand part of a header (a misspelt permission, say).
  const headerWarnings: string[] = []
  page.on('console', (message) => {
    if (/Permissions-Policy|Content Security Policy|Referrer Policy/i.test(message.text()))
      headerWarnings.push(`${message.type()}: ${message.text()}`)
  })
  for (const path of marketingPages) {
    await test.step(path, async () => {
      await app.goto(path)
      await scrollToEnd(page)
      // Images (lazy ones included) and the font are all the site's own.
      await page.evaluate(() => document.fonts.ready)
      expect(unexpected(cspViolations), path).toEqual([])
    })
  }
  expect(headerWarnings).toEqual([])
})

test.describe('with Firebase', () => {
  // Firestore's server is absent in the browser suite (its emulator needs Java 21): only its offline
  // messages may be logged, and its connectivity probe is the one violation the policy makes on purpose.
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('Quick Inquire, sign up, adding a child with photos, viewing it and sign out run without a violation of the policy', async ({
    app,
    page,
    cspViolations,
  }, testInfo) => {
    test.setTimeout(90_000)
    const storage = await answerStorage(page)
    await test.step('Quick Inquire', async () => {
      await app.goto('/contact')
      await sendQuickInquire(page)
      await expect(page.getByText(/^Thank you, Ada!/)).toBeVisible()
      expect(unexpected(cspViolations)).toEqual([])
    })
    await test.step('sign up', async () => {
      await signUpFreshParent(app, page, testInfo, 'csp')
      await expect(page.getByLabel('Name')).toHaveValue('Ngozi Parent')
      expect(unexpected(cspViolations)).toEqual([])
    })
    await test.step('add a child with two photos', async () => {
      await page.getByRole('link', { name: 'Add your child' }).click()
      await fillChild(page, amara)
      await page.getByLabel('Images').setInputFiles(photoFiles(2))
      await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2)
      await page.getByRole('button', { name: 'Add Child' }).click()
      await expect(page.getByText('Child added')).toBeVisible()
      await expect.poll(() => storage.uploads.length).toBe(2)
      await imageLoaded(kidCard(page, amara.kidName).locator('img.kid-card-cover'))
      expect(unexpected(cspViolations)).toEqual([])
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
      expect(unexpected(cspViolations)).toEqual([])
    })
    await test.step('sign out', async () => {
      // The record waits for Firestore's absent server: the parent is asked about it, and deletes it.
      await signOutFromProfile(page, 'Delete and sign out')
      expect(unexpected(cspViolations)).toEqual([])
    })
  })
})
