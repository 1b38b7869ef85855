// The parent area's finish, on the production build in Chromium at 390 px and 1280 px: the 'Add your
// child' button keeps its label readable, the offline bar never covers the page and can be put away,
// toasts use the site's font, and the sign-in screen says why a visitor was sent there. Sign-up runs
// against the real Auth emulator; Firestore's server is unreachable here, as in the rest of the suite.
import type { Locator, Page, TestInfo } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { appPage, expect, test } from './fixtures'

const PASSWORD = 'sunbeam-secret-1'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `p-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

async function signUpFreshParent(page: Page, testInfo: TestInfo, label: string) {
  const app = appPage(page)
  await app.goto('/signup')
  await page.getByLabel('Name').fill('Ngozi Parent')
  await page.getByLabel('Email').fill(uniqueEmail(testInfo, label))
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  // Loading Firebase and creating the account can take a while on a busy machine.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
}

/** WCAG contrast ratio of an element's text colour on its own (opaque) background colour. */
async function contrastOf(locator: Locator): Promise<{ ratio: number; color: string; background: string }> {
  const { color, background } = await locator.evaluate((element) => {
    const style = getComputedStyle(element)
    return { color: style.color, background: style.backgroundColor }
  })
  const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = channels(css).map((value) => {
      const c = value / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [number, number]
  return { ratio: (light + 0.05) / (dark + 0.05), color, background }
}

test("'Add your child' keeps a readable label at rest, on hover and after coming back from the form", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  await signUpFreshParent(page, testInfo, 'contrast')
  const addKid = page.getByRole('link', { name: 'Add your child' })

  // Toasts are set in the site's font, not sonner's own.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed up successfully' })
  await expect(toast).toBeVisible()
  expect
    .soft(await toast.evaluate((element) => getComputedStyle(element).fontFamily))
    .toMatch(/^"Nunito Variable"/)

  const atRest = await contrastOf(addKid)
  expect(atRest.ratio, JSON.stringify(atRest)).toBeGreaterThanOrEqual(4.5)

  await addKid.hover()
  const hovered = await contrastOf(addKid)
  expect(hovered.ratio, JSON.stringify(hovered)).toBeGreaterThanOrEqual(4.5)

  // A phone keeps the last tap's hover state: after the form and back, the pointer sits on the button.
  await addKid.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await addKid.hover()
  const back = await contrastOf(addKid)
  expect(back.ratio, JSON.stringify(back)).toBeGreaterThanOrEqual(4.5)
  await expect(addKid).toHaveText('Add your child')
})

test("offline, the slim bar never covers the add form's submit button, and Dismiss puts it away", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000)
  await signUpFreshParent(page, testInfo, 'offline-bar')
  await page.getByRole('link', { name: 'Add your child' }).click()
  const submit = page.getByRole('button', { name: 'Add Child' })
  await expect(submit).toBeVisible()

  await context.setOffline(true)
  // Chromium fires 'offline' itself; the event is sent again in case this browser does not.
  await page.evaluate(() => {
    if (!navigator.onLine) window.dispatchEvent(new Event('offline'))
  })
  const status = page.getByRole('status').filter({ hasText: 'You are offline.' })
  await expect(status).toContainText(
    'You are offline. The site still works, and what you send goes out once you are online.',
  )
  const bar = status.locator('.app-status__offline')
  const barBox = await bar.boundingBox()
  if (!barBox) throw new Error('the offline bar has no box')
  expect(barBox.height, 'a slim bar').toBeLessThanOrEqual(56)
  const viewport = page.viewportSize()
  expect(barBox.y + barBox.height).toBeCloseTo(viewport?.height ?? 0, 0)

  const bottomOf = async (locator: Locator) => {
    const box = await locator.boundingBox()
    if (!box) throw new Error('no box')
    return box.y + box.height
  }

  // Scrolled into view by the page (as a link to it or a focus move would), the button ends above the bar.
  await page.evaluate(() => window.scrollTo(0, 0))
  await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }))
  expect(await bottomOf(submit)).toBeLessThanOrEqual(barBox.y)

  // Reached with the keyboard, the same.
  await page.evaluate(() => window.scrollTo(0, 0))
  await submit.focus()
  await expect(submit).toBeFocused()
  expect(await bottomOf(submit)).toBeLessThanOrEqual(barBox.y)

  // And the very end of the page stays above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await bottomOf(page.locator('footer.site-footer'))).toBeLessThanOrEqual(barBox.y + 1)

  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('You are offline.')).toHaveCount(0)
  // The space it kept is given back.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px')
})

test('the sign-in screen says why when a visitor taps Profile', async ({ app, page }) => {
  await app.goto('/')
  await page.getByRole('link', { name: 'Profile' }).first().click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page.getByText('Please sign in to see your profile.')).toBeVisible()
})
