import { expect, expectHydrated, test } from './fixtures'

test(
  'home sliders: Swiper arrives near the viewport with 500 ms, loop, autoplay and the right number of cards',
  { tag: '@layout' },
  async ({ app, page }, testInfo) => {
    await app.goto('/')
    const slider = page.getByRole('region', { name: 'Class programs', exact: true })
    await slider.scrollIntoViewIfNeeded()
    await expect(slider.locator('.swiper')).toHaveClass(/swiper-initialized/)
    await expect(slider.getByRole('button', { name: 'Pause slides' })).toBeVisible()
    const state = await slider.locator('.swiper').evaluate((el) => {
      const swiper = (
        el as HTMLElement & {
          swiper: {
            params: { speed: number; loop: boolean; slidesPerView: number }
            autoplay: { running: boolean }
          }
        }
      ).swiper
      return {
        speed: swiper.params.speed,
        loop: swiper.params.loop,
        perView: swiper.params.slidesPerView,
        autoplay: swiper.autoplay.running,
      }
    })
    // 390 px: 1 card; 1280 px (at least 1244): 3 cards.
    expect(state).toEqual({
      speed: 500,
      loop: true,
      perView: testInfo.project.name === 'phone' ? 1 : 3,
      autoplay: true,
    })

    // The Pause button stops the autoplay (WCAG 2.2.2), Next moves one card.
    await slider.getByRole('button', { name: 'Pause slides' }).click()
    await expect(slider.getByRole('button', { name: 'Play slides' })).toBeVisible()
    expect(
      await slider
        .locator('.swiper')
        .evaluate(
          (el) =>
            (el as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running,
        ),
    ).toBe(false)
    const before = await slider.locator('.swiper-slide-active').getAttribute('aria-label')
    await slider.getByRole('button', { name: 'Next slide' }).click()
    await expect(slider.locator('.swiper-slide-active')).not.toHaveAttribute('aria-label', before ?? '')
  },
)

test('home sliders do not autoplay for visitors who prefer reduced motion', async ({ app, page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await app.goto('/')
  const slider = page.getByRole('region', { name: 'Latest blog posts', exact: true })
  await slider.scrollIntoViewIfNeeded()
  await expect(slider.locator('.swiper')).toHaveClass(/swiper-initialized/)
  await expect(slider.getByRole('button', { name: 'Play slides' })).toBeVisible()
  const running = await slider
    .locator('.swiper')
    .evaluate(
      (el) => (el as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running,
    )
  expect(running).toBe(false)
})

test('a new page starts at the top with focus on its heading', async ({ app, page }) => {
  await app.goto('/')
  const pricing = page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' })
  await expectHydrated(pricing)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await pricing.click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('the skip link moves focus to the main content', async ({ app, page }) => {
  await app.goto('/about')
  // Tab only once the page is hydrated and idle, as a person would after it appeared.
  await page.waitForLoadState('networkidle')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main')).toBeFocused()
})

// The toggle exists only on narrow screens: these run on the phone alone (untagged, playwright.config.ts).
test.describe('phone menu', () => {
  test('opens full height, navigates and closes', async ({ app, page }) => {
    await app.goto('/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true')
    const box = await menu.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(844 - 1)
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    await expect(menu.getByRole('link', { name: 'Team' })).toBeHidden()
  })

  test('works from the keyboard and closes with Escape', async ({ app, page }) => {
    await app.goto('/about')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await expect(menu.getByRole('link', { name: 'Home' })).toBeHidden()
  })
})

// On phones the links sit behind the toggle (tested above): on the desktop alone.
test('desktop menu: every link is visible and navigates', { tag: '@desktop' }, async ({ app, page }) => {
  await app.goto('/')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  const menu = page.getByRole('navigation', { name: 'Main' })
  const pages: [name: string, h1: string][] = [
    ['About', 'About Us'],
    ['Pricing', 'Pricing'],
    ['Team', 'Our Team'],
    ['Blog', 'Our Blog'],
    ['Contact', 'Contact Us'],
    ['Home', 'A Warm Nursing Environment'],
  ]
  for (const [name, h1] of pages) {
    await menu.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
  }
})
