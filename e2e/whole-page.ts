import type { Page } from '@playwright/test'
import { adoptPageSheet } from './page-sheet'

// A full-page screenshot as someone scrolling through the page sees it. Parts styled
// `content-visibility: auto` (Today's rows, the footer, the marketing sections) are drawn only as they
// near the screen; a full-page capture does not scroll, so it showed them as empty boxes. While it is
// taken, a sheet laid over the page (page-sheet.ts) draws them all; it goes after, and the page keeps
// its own rule.

const wholeSheet = (on: boolean) => ({
  key: 'sunbeamWholePage',
  css: '*, *::before, *::after { content-visibility: visible !important; }',
  on,
})

/** The whole page, every part drawn, saved to `path`. */
export async function screenshotWholePage(page: Page, path: string): Promise<Buffer> {
  await page.evaluate(adoptPageSheet, wholeSheet(true))
  try {
    return await page.screenshot({ path, fullPage: true })
  } finally {
    await page.evaluate(adoptPageSheet, wholeSheet(false))
  }
}
