import { expect, test } from './fixtures'

// The home page's sections below the first screen are prerendered, but their code loads only when a
// visitor scrolls or tabs to them (src/shared/ui/defer-hydration.tsx): that keeps the first load within
// the JS budget. These tests prove the content is there at once and works once needed.

test('below the first screen: visible at once, code loaded only on scroll, then interactive', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  // The prerendered HTML already holds every section, in the spec's order.
  await expect(page.getByRole('heading', { name: 'What Parents Say' })).toBeAttached()
  await expect(page.getByRole('heading', { name: 'Latest Blog' })).toBeAttached()
  expect(scripts.filter((path) => path.includes('home-more-sections'))).toEqual([])

  await page.getByRole('heading', { name: 'Our Class Programs' }).scrollIntoViewIfNeeded()
  await expect.poll(() => scripts.some((path) => path.includes('home-more-sections'))).toBe(true)
  // Hydrated: the slider enhanced itself with Swiper, which adds its Pause control.
  const slider = page.getByRole('region', { name: 'Class programs' }).first()
  await slider.scrollIntoViewIfNeeded()
  await expect(slider.getByRole('button', { name: /Pause slides|Play slides/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What Parents Say' })).toBeVisible()
})

test('a link below the first screen works before and after its section hydrates', async ({ page }) => {
  await page.goto('/')
  const choosePlan = page.getByRole('link', { name: 'Choose Plan' }).first()
  await choosePlan.scrollIntoViewIfNeeded()
  await choosePlan.click()
  await expect(page).toHaveURL(/\/(profile|login)/)
})

test('after an in-app navigation to home, the sections render from code', async ({ page }) => {
  await page.goto('/about')
  // The logo links home at every width (the phone's menu is closed).
  await page.locator('header a[href="/"]').first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'What Parents Say' })).toBeAttached()
  await expect(page.getByRole('heading', { name: 'Our Staff' })).toBeAttached()
})
