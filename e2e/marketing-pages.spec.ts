// The marketing pages' links, followed in the browser: each goes where the spec says, inside the app.
// Their copy (texts, counts, link targets, the not-found page) is checked on the HTML the build writes,
// in Vitest (src/app/marketing-copy.test.ts); each page's frame, bytes, pictures and axe in
// marketing-walk.spec.ts.
import { expect, test } from './fixtures'
import { notFoundStatusOf } from './not-found-status'

test('calls to action: Join Us opens Sign Up (Sign In beside it), Discover More /blog, View Details /about', async ({
  app,
  page,
}) => {
  await app.goto('/')
  await page.getByRole('link', { name: 'Join Us' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
  await expect(
    page.getByRole('complementary', { name: 'One of us?' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible()
  await app.goto('/about')
  await page.getByRole('link', { name: 'Discover More' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await app.goto('/')
  const details = page
    .getByRole('region', { name: 'Our Class Programs' })
    .getByRole('link', { name: /^View Details/ })
  await details.first().scrollIntoViewIfNeeded()
  await details.first().click()
  await expect(page).toHaveURL(/\/about$/)
})

test('the blog: a post opens from the list, and its Free Call box opens /contact', async ({ app, page }) => {
  await app.goto('/blog')
  await page.locator('main article').nth(2).locator('h2 a').click()
  await expect(page).toHaveURL(/\/blog\/3$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Messy Play Matters')
  await page.getByRole('region', { name: 'Free Call' }).getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
})

test.describe(() => {
  // The page comes with HTTP 404 (no soft 404), which Chromium logs for the page itself.
  test.use({ allowedConsoleErrors: [notFoundStatusOf('/blog/7')] })
  test('a post that does not exist shows the friendly not-found page, whose link goes home', async ({
    app,
    page,
  }) => {
    await app.goto('/blog/7')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page')
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Warm Nursing Environment')
  })
})

test('contact: the browser itself stops an empty Quick Inquire form', async ({ app, page }) => {
  await app.goto('/contact')
  const form = page.getByRole('form', { name: 'Quick Inquire' })
  await form.getByRole('button', { name: 'Submit Now' }).click()
  expect(
    await form.getByLabel('First name').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true)
  await expect(page).toHaveURL(/\/contact$/)
})
