import { existsSync, readdirSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectHydrated, scrollThrough, test } from './fixtures'

test.use({ serviceWorkers: 'allow' })

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

interface ManifestImage {
  src: string
  sizes: string
  type: string
  purpose?: string
  form_factor?: string
  label?: string
}

interface Shortcut {
  name: string
  short_name?: string
  description?: string
  url: string
  icons?: ManifestImage[]
}

/** An iPhone start-up screen's media query: its screen in CSS pixels, and its pixel ratio. */
const startupMedia =
  /^\(device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: (\d)\) and \(orientation: portrait\)$/

test('the web app manifest is complete, and every icon, screenshot and iPhone start-up image is a PNG of its stated size', async ({
  app,
  page,
  request,
}) => {
  const requested: string[] = []
  page.context().on('request', (sent) => requested.push(new URL(sent.url()).pathname))
  await app.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const response = await request.get(href as string)
  expect(response.ok()).toBe(true)
  const manifest = await response.json()
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Sunbeam Day Care & Baby Care',
    short_name: 'Sunbeam',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en',
  })
  expect(manifest.description.length).toBeGreaterThan(20)
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  // The page's theme-color matches the manifest's, so the title bar does not change colour.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color)
  // Opening the installed app again focuses its open window (where the browser can), else a new one.
  expect(manifest.launch_handler).toEqual({ client_mode: ['focus-existing', 'auto'] })

  // Separate 'any' and 'maskable' icons: a maskable picture shown unmasked has no rounded corners, and an
  // 'any' one masked loses its edges.
  const icons = manifest.icons as ManifestImage[]
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ])
  const screenshots = manifest.screenshots as ManifestImage[]
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const screenshot of screenshots) expect(screenshot.label).toBeTruthy()

  // Home-screen shortcuts, each with its own icon.
  const shortcuts = manifest.shortcuts as Shortcut[]
  expect(shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'Add your child', url: '/add-kid' },
    { name: 'My profile', url: '/profile' },
  ])
  const shortcutIcons = shortcuts.flatMap((shortcut) => {
    expect(shortcut.short_name, shortcut.name).toBeTruthy()
    expect(shortcut.description, shortcut.name).toBeTruthy()
    expect(
      shortcut.icons?.map((icon) => icon.sizes),
      shortcut.name,
    ).toEqual(['96x96'])
    return shortcut.icons ?? []
  })
  expect(new Set(shortcutIcons.map((icon) => icon.src)).size).toBe(shortcuts.length)

  for (const image of [...icons, ...screenshots, ...shortcutIcons]) {
    const file = await request.get(image.src)
    expect(file.ok(), image.src).toBe(true)
    expect(file.headers()['content-type']).toBe('image/png')
    expect(image.type).toBe('image/png')
    const { width, height } = pngSize(await file.body())
    expect(`${width}x${height}`, image.src).toBe(image.sizes)
  }
  // iOS takes its home-screen icon from the page, not from the manifest.
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  const appleIcon = await request.get(apple as string)
  expect(pngSize(await appleIcon.body())).toEqual({ width: 180, height: 180 })

  // iOS shows no manifest splash screen: the page links a start-up image per iPhone screen (iOS uses them
  // only for a page that declares itself a web app), each a PNG of that screen's size in device pixels.
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes')
  const startupLinks = await page.locator('link[rel="apple-touch-startup-image"]').evaluateAll((links) =>
    links.map((link) => ({
      media: link.getAttribute('media') ?? '',
      href: link.getAttribute('href') ?? '',
    })),
  )
  expect(startupLinks.length).toBeGreaterThanOrEqual(7)
  const screens = new Set<string>()
  for (const { media, href } of startupLinks) {
    const match = startupMedia.exec(media)
    expect(match, `${href}: ${media}`).not.toBeNull()
    const [width, height, ratio] = (match as RegExpExecArray).slice(1).map(Number) as [number, number, number]
    screens.add(`${width}x${height}@${ratio}`)
    const file = await request.get(href)
    expect(file.ok(), href).toBe(true)
    expect(file.headers()['content-type']).toBe('image/png')
    expect(pngSize(await file.body()), href).toEqual({ width: width * ratio, height: height * ratio })
  }
  // One link per screen, and every start-up image in the build is linked.
  expect(screens.size).toBe(startupLinks.length)
  const splashDir = join(resolve(process.env.SUNBEAM_OUT_DIR ?? 'dist'), 'splash')
  expect(
    readdirSync(splashDir)
      .map((name) => `/splash/${name}`)
      .sort(),
  ).toEqual(startupLinks.map((link) => link.href).sort())
  // A browser other than iOS's downloads none of them: the page loaded, and its worker installed,
  // without one request for a start-up image.
  await page.evaluate(() => navigator.serviceWorker.ready)
  expect(requested).toContain('/favicon.svg')
  expect(requested.filter((path) => path.startsWith('/splash/'))).toEqual([])
})

test('only the iPhone whose screen a start-up image fits would load it; Chromium loads none, even there', async ({
  browser,
  baseURL,
}) => {
  // Chromium made to look like an iPhone 12-14 screen (390 x 844 CSS pixels at 3x).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    const requested: string[] = []
    page.on('request', (sent) => requested.push(new URL(sent.url()).pathname))
    await page.goto(`${baseURL}/`, { waitUntil: 'load' })
    const matching = await page
      .locator('link[rel="apple-touch-startup-image"]')
      .evaluateAll((links) =>
        links
          .filter((link) => matchMedia(link.getAttribute('media') ?? '').matches)
          .map((link) => link.getAttribute('href')),
      )
    expect(matching).toEqual(['/splash/splash-1170x2532.png'])
    await page.waitForLoadState('networkidle')
    expect(requested).toContain('/favicon.svg')
    expect(requested.filter((path) => path.startsWith('/splash/'))).toEqual([])
  } finally {
    await context.close()
  }
})

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
}

/**
 * The build served like a host serves a deploy (clean URLs, the app shell for app routes), where the
 * test can publish a new version: /sw.js then answers with a changed worker, as after a new deploy.
 * (Playwright's routes do not see the browser's own fetch of a worker script, so it takes a server.)
 */
async function serveDeploy() {
  const root = resolve(process.env.SUNBEAM_OUT_DIR ?? 'dist')
  let version = 1
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://deploy.local').pathname)
    const candidates =
      path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1)}.html`, 'app-shell.html']
    for (const candidate of candidates) {
      const file = join(root, normalize(candidate))
      if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) continue
      let body: Buffer | string = await readFile(file)
      if (candidate === 'sw.js' && version > 1) body = `${body.toString('utf8')}\n// version ${version}\n`
      res.writeHead(200, {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      })
      res.end(body)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((done) => server.listen(0, 'localhost', done))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    publishNewVersion() {
      version += 1
    },
    // The page may still hold a connection (its worker checking for updates): the test is over, cut it.
    close: () =>
      new Promise((done) => {
        server.close(done)
        server.closeAllConnections()
      }),
  }
}

type Deploy = Awaited<ReturnType<typeof serveDeploy>>

/** Deploys a new version and lets the page look for it (the app itself looks every hour). */
async function publishNewVersion(deploy: Deploy, page: Page) {
  deploy.publishNewVersion()
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
}

test.describe('updates', () => {
  let deploy: Deploy
  test.beforeEach(async () => {
    deploy = await serveDeploy()
  })
  test.afterEach(async () => {
    await deploy.close()
  })

  test("when a new version waits, the app offers 'Reload', which loads the new version", async ({
    app,
    page,
  }) => {
    // The first worker of all passes through 'installed' too: it is never offered as a new version,
    // not even for a moment (watched on every change of the page until the worker controls it).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('A new version of Sunbeam is ready'))
          Object.assign(window, { sawUpdateOffer: true })
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await app.goto(`${deploy.origin}/`)
    await waitForController(page)
    await page.waitForTimeout(400) // past the app's 200 ms wait for a worker that stays installed
    expect(
      await page.evaluate(() => 'sawUpdateOffer' in window),
      'an update offered on the first visit',
    ).toBe(false)

    await publishNewVersion(deploy, page)
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Sunbeam is ready' })
    await expect(prompt).toBeVisible()
    expect(await page.evaluate(() => 'sawUpdateOffer' in window), 'the watch sees a real offer').toBe(true)
    await page.evaluate(() => Object.assign(window, { beforeReload: true }))

    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('A new version of Sunbeam is ready')).toHaveCount(0)
    // The new worker controls the page and none is left waiting.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return {
          waiting: registration?.waiting ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        }
      }),
    ).toEqual({ waiting: null, controlled: true })
  })

  test('a new version never reloads a page on its own, not even under a half-filled form', async ({
    app,
    page,
  }) => {
    await app.goto(`${deploy.origin}/contact`)
    await waitForController(page)
    await page.getByLabel('First name').fill('Amara')

    await publishNewVersion(deploy, page)
    await expect(page.getByText('A new version of Sunbeam is ready')).toBeVisible()
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }))

    // Another tab applies the update (its parent pressed Reload there): the new worker takes over this
    // page too, and this page keeps what was typed.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      const taken = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
      registration?.waiting?.postMessage({ type: 'SKIP_WAITING' })
      await taken
    })
    await page.waitForTimeout(1000)
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true)
    await expect(page.getByLabel('First name')).toHaveValue('Amara')
  })
})

test.describe('install', () => {
  // Headless Chromium never decides on its own to offer installation (Lighthouse's installable audit
  // checks that it could), so these tests make the offer themselves: an event shaped like Chromium's
  // BeforeInstallPromptEvent whose prompt() records that it was called.
  const offerInstall = () => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        Object.assign(window, { installPrompted: true })
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(event)
    return event.defaultPrevented
  }

  test("an offer made before the app has started still gives the 'Install app' button", async ({
    app,
    page,
  }) => {
    // Chromium may offer installation while the first screen loads, before the app's script runs.
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
      window.offerKept = (${offerInstall.toString()})()
    })`)
    await app.goto('/')
    // The browser's own mini-infobar is held back: the page shows its button instead, from the second
    // page the parent opens (the first page ever is for looking around).
    expect(await page.evaluate(() => (window as Window & { offerKept?: boolean }).offerKept)).toBe(true)
    const install = page.getByRole('button', { name: 'Install app' })
    await page.waitForTimeout(300)
    await expect(install).toHaveCount(0)
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true })
    await expectHydrated(about)
    await about.click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(install).toBeVisible()
    await expect(page.getByText('Add Sunbeam to your home screen: it works offline too.')).toBeVisible()
    // The offer sits at the page's end, below sections that load their code as they near the screen:
    // the parent reads down to it first (a tap while those sections still grew could land beside it).
    await scrollThrough(page)
    await install.click()
    await expect.poll(() => page.evaluate(() => 'installPrompted' in window)).toBe(true)
    // An offer can be used once.
    await expect(install).toHaveCount(0)
  })

  test("an offer made later gives the button too, and 'Not now' puts it away for good", async ({
    app,
    page,
  }) => {
    // A parent back for a second page (a full load this time).
    await app.goto('/')
    await app.goto('/about')
    expect(await page.evaluate(offerInstall)).toBe(true)
    // Nothing slides in over a page that has only just appeared: the offer waits for a scroll or tap.
    await page.waitForTimeout(300)
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
    await page.mouse.wheel(0, 400)
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible()
    await page.getByRole('button', { name: 'Not now' }).click()
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
    await app.reload()
    await page.evaluate(offerInstall)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(300)
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
  })

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    })

    test('Safari, which has no install offer, shows how to add the site to the home screen', async ({
      app,
      page,
    }) => {
      await app.goto('/')
      const steps = page.getByText('To install Sunbeam, tap the Share button, then Add to Home Screen.')
      await page.waitForTimeout(300)
      await expect(steps).toHaveCount(0)
      await app.goto('/pricing')
      await page.mouse.wheel(0, 400)
      await expect(steps).toBeVisible()
      await page.getByRole('button', { name: 'Not now' }).click()
      await expect(steps).toHaveCount(0)
      await app.reload()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.mouse.wheel(0, 400)
      await page.waitForTimeout(300)
      await expect(steps).toHaveCount(0)
    })
  })
})
