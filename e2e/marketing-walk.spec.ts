// One walk through the marketing pages per viewport: each page is loaded once, and everything that holds
// for every page is checked on that visit (docs/testing.md):
// - the frame: one h1, the top bar, the menu and the footer, with the spec's words and links;
// - no Firebase code and at most 100 kB of JS (gzip) on a first visit (docs/decisions/0004; `npm run
//   audit` prints the same figures);
// - scrolled to its end, every picture in the page's width (lazy ones included) loaded, with no Content-Security-Policy
//   violation (the fixture fails on one) and no warning about a security header the browser did not
//   understand (docs/decisions/0010);
// - axe-core finds no WCAG 2.2 A/AA violation on the whole page.
// What each page holds (its sections, cards and links) is in marketing-pages.spec.ts and marketing.spec.ts.
import type { Page } from '@playwright/test'
import { marketingPaths } from '../src/marketing/marketing-paths'
import { axeViolations } from './axe'
import { expect, scrollThrough, test } from './fixtures'
import { collectScripts, gzipBytes, JS_BUDGET_GZIP, report, withFirebase } from './loaded-scripts'
import { email, hrefs, marketingPages, phone, texts } from './marketing-content'

test('the walk covers every marketing page the site prerenders', { tag: '@layout' }, () => {
  expect(marketingPages.map(([path]) => path)).toEqual([...marketingPaths])
})

for (const [path, h1] of marketingPages) {
  test(`${path}: frame, no Firebase, JS budget, pictures, policy and axe in one visit`, {
    tag: '@layout',
  }, async ({ app, page }) => {
    const scripts = collectScripts(page)
    // The browser says so on the console when it does not understand part of a header.
    const headerWarnings: string[] = []
    page.on('console', (message) => {
      if (/Permissions-Policy|Content Security Policy|Referrer Policy/i.test(message.text()))
        headerWarnings.push(`${message.type()}: ${message.text()}`)
    })

    await app.goto(path)
    await expectFrame(page, h1)

    // The first load includes work after the load event: the service worker's registration is the
    // last of it (the suite's browser may refuse the worker: 'failed' ends it too).
    await expect(page.locator('html')).toHaveAttribute('data-worker-registration', /^(done|failed)$/)
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    expect(withFirebase(scripts)).toEqual([])
    expect(gzipBytes(scripts), `${path}: JS bytes (gzip) on first load`).toBeLessThanOrEqual(JS_BUDGET_GZIP)
    if (path === '/') report(path, scripts)

    // Deferred sections and lazy pictures arrive as the visitor scrolls: the whole page is checked.
    await scrollThrough(page)
    await page.evaluate(() => document.fonts.ready)
    await expect
      .poll(() =>
        page.locator('img').evaluateAll((images) =>
          images
            // Scrolled past top to bottom, every picture within the page's width has been in view;
            // a slider's cards beside it wait, lazily, for their turn.
            .filter((img) => {
              const box = img.getBoundingClientRect()
              return img.checkVisibility() && box.right > 0 && box.left < window.innerWidth
            })
            .filter((img) => !(img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0))
            .map((img) => img.getAttribute('src')),
        ),
      )
      .toEqual([])
    expect(headerWarnings).toEqual([])
    expect(await axeViolations(page)).toEqual([])
  })
}

async function expectFrame(page: Page, h1: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
  await expect(page.locator('h1')).toHaveCount(1)

  // Top bar: static hours, phone and e-mail, and a Profile link.
  const topBar = page.locator('.top-bar')
  await expect(topBar).toContainText('Mon-Fri 9.00-17.00')
  await expect(topBar).toContainText(phone)
  await expect(topBar).toContainText(email)
  await expect(topBar.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')

  // The menu (hidden behind the toggle on phones, so read from the DOM).
  const menu = page.locator('nav[aria-label="Main"] a')
  expect(await texts(menu)).toEqual(['Home', 'About', 'Pricing', 'Team', 'Blog', 'Contact', 'Profile'])
  expect(await hrefs(menu)).toEqual(['/', '/about', '/pricing', '/team', '/blog', '/contact', '/profile'])

  // Footer.
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { name: 'About Sunbeam' })).toBeVisible()
  await expect(footer.getByRole('link', { name: /Sunbeam on (Facebook|Instagram|X|YouTube)/ })).toHaveCount(4)
  const classes = footer.locator('section[aria-labelledby="footer-classes"] li')
  expect(await texts(classes)).toEqual([
    'Music',
    'Foreign Language',
    'Dance',
    'Drama',
    'Sports Skill',
    'Previous Reading',
  ])
  const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link')
  expect(await texts(quick)).toEqual(['About', 'Our Team', 'Pricing', 'Blog', 'Contact'])
  expect(await hrefs(quick)).toEqual(['/about', '/team', '/pricing', '/blog', '/contact'])
  const news = footer.locator('section[aria-labelledby="footer-news"] a')
  expect(await hrefs(news)).toEqual(['/blog', '/blog', '/blog'])
  await expect(footer).toContainText('© 2023 Sunbeam Day Care & Baby Care')
}
