#!/usr/bin/env node
// Screenshots of the built home page for the manifest's richer install sheet (narrow: a phone, wide: a
// computer). Run after a build: node scripts/take-screenshots.mjs (SUNBEAM_OUT_DIR, SCREENSHOT_PORT).
// The PNGs are committed; retake them when the home page changes.
import { chromium } from '@playwright/test'
import { startHostingServer } from './hosting-server.mjs'

const server = await startHostingServer({ port: Number(process.env.SCREENSHOT_PORT ?? 4179) })
const { origin } = server
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
  const shots = [
    { file: 'public/screenshots/home-narrow.png', width: 390, height: 844, mobile: true },
    { file: 'public/screenshots/home-wide.png', width: 1280, height: 800, mobile: false },
  ]
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      isMobile: shot.mobile,
      hasTouch: shot.mobile,
      serviceWorkers: 'block',
    })
    await page.goto(origin, { waitUntil: 'networkidle' })
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: shot.file })
    await page.close()
    console.log(`Wrote ${shot.file}`)
  }
  await browser.close()
} finally {
  await server.close()
}
