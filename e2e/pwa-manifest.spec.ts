import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from './fixtures'

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
