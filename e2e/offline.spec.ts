import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startHostingServer } from '../scripts/hosting-server.mjs'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { appPage, expect, expectHydrated, scrollThrough, test } from './fixtures'
import { cacheStorageEntries, outDir, waitForServiceWorker } from './service-worker'

const firebaseCodeUnreachable =
  /^Failed to load resource: net::ERR_FAILED \(http:\/\/localhost:\d+\/assets\/firebase-[\w-]+\.js\)$/

// The service worker is what this file tests: let it run (the other suites block it).
test.use({
  serviceWorkers: 'allow',
  // The parent area's Firebase code is not precached (a visitor of the marketing pages never needs it):
  // with the server gone, loading it fails. The router starts to when the mouse rests on a link to the
  // parent area (hover preloading), wherever a click or a new page has left the mouse.
  allowedConsoleErrors: [firebaseCodeUnreachable],
})

const blogTitles: Record<string, string> = {
  '1': 'Settling In: A Gentle First Week at Day Care',
  '2': 'Five Lunchbox Ideas Toddlers Actually Eat',
  '3': 'Why Messy Play Matters',
  '4': 'Building a Calm Bedtime Routine',
  '5': 'Reading Together: Ten Minutes That Matter',
  '6': 'Rainy Day, Happy Day: Indoor Games',
}

/** Each marketing page with the start of its document title. */
const pages: { path: string; title: RegExp }[] = [
  { path: '/', title: /^Sunbeam Day Care & Baby Care/ },
  { path: '/about', title: /^About Us \| Sunbeam$/ },
  { path: '/pricing', title: /^Daycare Plans and Pricing \| Sunbeam$/ },
  { path: '/team', title: /^Our Team \| Sunbeam$/ },
  { path: '/blog', title: /^Blog \| Sunbeam$/ },
  ...Object.entries(blogTitles).map(([id, title]) => ({
    path: `/blog/${id}`,
    title: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| Sunbeam$`),
  })),
  { path: '/contact', title: /^Contact Us \| Sunbeam$/ },
]

/** Servers started by a test, stopped after it even when it fails half-way. */
const ownServers = new Set<{ close: () => Promise<void> }>()
test.afterEach(async () => {
  await Promise.all([...ownServers].map((server) => server.close()))
  ownServers.clear()
})

/**
 * A server of its own for the build, served as Hosting serves it (the suite's server's code, in this
 * process), which a test can stop: the suite's server keeps serving the other tests. `port`: start again
 * where a stopped one was.
 */
async function startStoppableServer(port?: number) {
  const server = await startHostingServer({ outDir, port })
  ownServers.add(server)
  const answers = () =>
    fetch(server.origin).then(
      () => true,
      () => false,
    )
  return {
    origin: server.origin,
    async stop() {
      ownServers.delete(server)
      await server.close()
      await expect.poll(answers, { message: `${server.origin} has stopped` }).toBe(false)
    },
  }
}

/**
 * One visit: the worker installs (precaching every page), activates and controls the page. A test stops
 * the server only after all of it: `navigator.serviceWorker.ready` alone says that activation has begun,
 * not that the worker holds everything it must serve offline.
 */
async function visitOnce(page: Page, url = '/') {
  await appPage(page).goto(url)
  await waitForServiceWorker(page)
}

/** The page shows its heading and every image on it has loaded (lazy ones too), in the site's font. */
async function expectRendered(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Scroll through the page so lazily loaded images are requested, then check every one of them.
  await scrollThrough(page)
  // No image is broken, and every image on the page (a lazy one in a slider's hidden slide, too) can
  // be had without a network: the service worker answers from its precache.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
      ),
    )
    .toEqual([])
  const unavailable = await page.evaluate(async () => {
    const sources = [...new Set([...document.images].map((img) => img.currentSrc || img.src))]
    const results = await Promise.all(
      sources.map((src) =>
        fetch(src)
          .then((response) => (response.ok ? null : `${src}: ${response.status}`))
          .catch((error: Error) => `${src}: ${error.message}`),
      ),
    )
    return results.filter((result) => result !== null)
  })
  expect(unavailable).toEqual([])
  expect(await page.evaluate(() => document.images.length)).toBeGreaterThan(0)
  expect(
    await page.evaluate(async () => {
      await document.fonts.ready
      return document.fonts.check('1em "Nunito Variable"')
    }),
  ).toBe(true)
}

test('after one visit, with the server stopped, every marketing page loads with its images and fonts', async ({
  app,
  page,
}) => {
  // Thirteen pages after the worker has downloaded the whole precache: about 15 s alone, 50 s on a busy machine.
  test.setTimeout(150_000)
  const server = await startStoppableServer()
  await visitOnce(page, `${server.origin}/`)
  await server.stop()
  for (const { path, title } of pages) {
    await test.step(path, async () => {
      const response = await app.goto(server.origin + path)
      expect(response?.fromServiceWorker(), `${path} comes from the service worker`).toBe(true)
      await expectRendered(page, title)
    })
  }
})

test('after one visit, with the server stopped, the app navigates between marketing pages', async ({
  app,
  page,
}) => {
  // Thirteen pages after the worker has downloaded the whole precache: about 15 s alone, 50 s on a busy machine.
  test.setTimeout(150_000)
  const server = await startStoppableServer()
  await visitOnce(page, `${server.origin}/`)
  await server.stop()
  await app.goto(`${server.origin}/`)
  const footer = page.getByRole('contentinfo')
  const links: [string, RegExp][] = [
    ['About', /^About Us \| Sunbeam$/],
    ['Pricing', /^Daycare Plans and Pricing \| Sunbeam$/],
    ['Our Team', /^Our Team \| Sunbeam$/],
    ['Contact', /^Contact Us \| Sunbeam$/],
    ['Blog', /^Blog \| Sunbeam$/],
  ]
  // In the app: the page is never loaded again (a mark left on window stays).
  await page.evaluate(() => Object.assign(window, { samePage: true }))
  for (const [name, title] of links) {
    await test.step(name, async () => {
      const link = footer.getByRole('link', { name, exact: true })
      await expectHydrated(link)
      await link.click()
      await expectRendered(page, title)
    })
  }
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
  // From the blog list to each post, and back, all without a network.
  for (const [id, title] of Object.entries(blogTitles)) {
    await test.step(`/blog/${id}`, async () => {
      await page.locator('main').getByRole('link', { name: title }).first().click()
      await expect(page).toHaveURL(new RegExp(`/blog/${id}$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expectRendered(page, /\| Sunbeam$/)
      await page.goBack()
      await expect(page).toHaveURL(/\/blog$/)
    })
  }
})

test.describe('the parent area with no connection before its first use', () => {
  // The router reports the page that could not open (the failed import) on the console, as it should.
  // (One pattern: Playwright would read a second array item as the option's settings.)
  test.use({
    allowedConsoleErrors: [
      new RegExp(
        `${firebaseCodeUnreachable.source}|^TypeError: Failed to fetch dynamically imported module: http:\\/\\/localhost:\\d+\\/assets\\/firebase-[\\w-]+\\.js$`,
      ),
    ],
  })

  test('with the server gone, a parent area never opened here says it needs a connection, inside the site; Try again opens it once the server is back', async ({
    app,
    page,
  }) => {
    const server = await startStoppableServer()
    await visitOnce(page, `${server.origin}/pricing`)
    await server.stop()
    await app.goto(`${server.origin}/pricing`)
    await page.getByRole('link', { name: 'Choose Plan' }).first().click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page needs a connection the first time' }),
    ).toBeVisible()
    await expect(
      page.getByText('The rest of the site works offline. Try again once you are online.'),
    ).toBeVisible()
    // Still the site: its header and footer, and the way back to the other pages.
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page.getByText('Something went wrong!')).toHaveCount(0)

    const again = await startStoppableServer(Number(new URL(server.origin).port))
    await page.getByRole('button', { name: 'Try again' }).click()
    // A visitor who has not signed in is asked to (the parent area's code has loaded this time).
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible({ timeout: 30_000 })
    await again.stop()
  })
})

test.describe('a signed-in parent, offline, on the site as Hosting serves it', () => {
  test.use({
    allowedConsoleErrors: [new RegExp(`${firebaseCodeUnreachable.source}|${firestoreUnreachable.source}`)],
  })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test("the worker installs and takes control; offline, a reload of every kind of page shows the app's own page", async ({
    app,
    page,
    context,
    parent,
  }) => {
    // The suite's server is Hosting's own code (scripts/hosting-server.mjs): under it, a precached
    // not-found page once answered 404 and the worker never installed, so nothing opened offline.
    await app.goto('/')
    await waitForServiceWorker(page)
    expect(
      await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null),
      'the worker controls the page',
    ).toMatch(/\/sw\.js$/)
    await parent.signUp({ label: 'offline-reload' })
    // The parent area's Firebase code, which the precache leaves out, is kept once loaded.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('sunbeam-app-chunks')).keys()).some((request) =>
            /\/assets\/firebase-backend-[\w-]+\.js$/.test(request.url),
          ),
        ),
      )
      .toBe(true)

    await context.setOffline(true)
    const pagesOffline: [string, string][] = [
      ['/', 'A Warm Nursing Environment'],
      ['/about', 'About Us'],
      ['/profile', 'My Profile'],
      ['/nope', 'We could not find that page'],
    ]
    for (const [path, heading] of pagesOffline) {
      await test.step(path, async () => {
        const response = await app.goto(path)
        expect(response?.fromServiceWorker(), `${path} comes from the service worker`).toBe(true)
        await expect(page.getByRole('heading', { level: 1 })).toContainText(heading)
      })
    }
    // Never the browser's own offline page: from the profile, 'Add your child' opens the add form.
    await app.goto('/profile')
    await page.getByRole('link', { name: 'Add your child' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
    await app.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  })
})

test('offline, the app says so, and an app route still opens from the shell', async ({
  app,
  page,
  context,
}) => {
  await visitOnce(page)
  await context.setOffline(true)
  await page.evaluate(() => window.dispatchEvent(new Event('offline')))
  await expect(page.getByRole('status')).toContainText('You are offline.')
  // /login is rendered in the browser from the precached app shell (the navigation fallback).
  const response = await app.goto('/login')
  expect(response?.fromServiceWorker()).toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page).toHaveTitle('Sign In | Sunbeam')
})

test('the worker keeps no response from Firebase Storage, and removes the photo cache of earlier versions', async ({
  page,
  context,
}) => {
  // Photos are private: the app reads them with the parent's credentials and keeps its own copy per
  // parent; a worker cache keyed by address would ignore whose they are (docs/decisions/0011).
  // Storage's address as its emulator gives it; Playwright answers it with a real PNG (Storage cannot
  // run here), with headers that would let any HTTP cache keep it.
  const photo = 'http://127.0.0.1:9199/v0/b/demo-sunbeam.appspot.com/o/images%2Fuid1-kid.png?alt=media'
  const icon = readFileSync(join(outDir, 'icons', 'icon-192.png'))
  let served = 0
  await context.route('http://127.0.0.1:9199/v0/b/**', async (route) => {
    served += 1
    await route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'private, max-age=3600' },
      body: icon,
    })
  })
  const fromWorker: boolean[] = []
  page.on('response', (response) => {
    if (response.url() === photo) fromWorker.push(response.fromServiceWorker())
  })

  // A phone that ran an earlier version, whose worker kept photos in this cache (made here, before this
  // version's worker is registered).
  await page.goto('/robots.txt')
  await page.evaluate(async (url) => {
    const cache = await caches.open('sunbeam-child-photos')
    await cache.put(url, new Response('an earlier photo', { headers: { 'Content-Type': 'image/png' } }))
  }, photo)
  await visitOnce(page)
  expect(await page.evaluate(() => caches.has('sunbeam-child-photos'))).toBe(false)

  // The app loads a photo as the Firebase SDK does (fetch) and shows it from a blob: address; it also
  // loads its Firebase code, which the worker does keep.
  const firebaseChunk = readdirSync(join(outDir, 'assets')).find((name) =>
    name.startsWith('firebase-backend-'),
  )
  expect(firebaseChunk, 'the build has a Firebase chunk').toBeTruthy()
  const show = () =>
    page.evaluate(async (url) => {
      const address = URL.createObjectURL(await (await fetch(url)).blob())
      const img = document.createElement('img')
      img.alt = ''
      img.src = address
      document.body.append(img)
      await img.decode()
      img.remove()
      URL.revokeObjectURL(address)
      return img.naturalWidth
    }, photo)
  expect(await show()).toBe(192)
  await page.evaluate((chunk) => fetch(`/assets/${chunk}`).then((response) => response.text()), firebaseChunk)
  expect(await show()).toBe(192)

  // The worker writes what it keeps after it has answered: once the chunk is in its cache, no cache
  // holds anything from Storage, and each photo request reached Storage itself.
  await expect
    .poll(async () =>
      (await cacheStorageEntries(page)).some((entry) => entry.endsWith(`/assets/${firebaseChunk}`)),
    )
    .toBe(true)
  const storageEntries = (await cacheStorageEntries(page)).filter((entry) =>
    /127\.0\.0\.1:9199|firebasestorage\.googleapis\.com/.test(entry),
  )
  expect(storageEntries).toEqual([])
  expect(served).toBe(2)
  expect(fromWorker).toEqual([false, false])
})
