// Toasts (issue 38): never over the header's controls (they sat over Team, Blog, Contact and Profile
// for 5 s), at 390 px (phone) and 1280 px (desktop): at the bottom, above the app's status messages.
// And never over the control the parent is about to press (issue 53: 'Signed up successfully' lay over
// 'Add Child'): a toast steps aside once the parent acts on the page (decision 0065).
import type { Locator, Page } from '@playwright/test'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { kidCard } from './parent-steps'
import { photoFiles } from './pictures'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

/** The header's links and buttons (top bar and navigation) a toast's box overlaps. */
function headerControlsUnder(page: Page, toastText: string): Promise<string[]> {
  return page.evaluate((text) => {
    const toast = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((element) =>
      element.textContent?.includes(text),
    )
    if (!toast) return ['no toast']
    const t = toast.getBoundingClientRect()
    return [...document.querySelectorAll<HTMLElement>('.top-bar a, .site-header a, .site-header button')]
      .filter((control) => {
        const c = control.getBoundingClientRect()
        if (c.width === 0 || c.height === 0) return false
        return c.left < t.right && t.left < c.right && c.top < t.bottom && t.top < c.bottom
      })
      .map((control) => control.textContent?.trim() || control.outerHTML.slice(0, 60))
  }, toastText)
}

test('a toast leaves the header’s links, menu and Profile uncovered', async ({ page, parent }) => {
  await parent.signUp({ label: 'toast' })
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed up successfully' })
  await expect(toast).toBeVisible()
  await expect(toast).toBeInViewport({ ratio: 1 })
  // Settled where it stays (sonner slides it in).
  await expect(toast).toHaveAttribute('data-mounted', 'true')
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  expect(await headerControlsUnder(page, 'Signed up successfully')).toEqual([])
  // The header's controls are usable while it shows: Profile opens.
  await page.locator('.top-bar').getByRole('link', { name: 'Profile' }).click({ trial: true, timeout: 2_000 })
})

/** The page's controls in the viewport that a toast lies over (any part of their box). */
function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((toast) =>
      toast.getBoundingClientRect(),
    )
    return [...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, label')]
      .filter((control) => !control.closest('[data-sonner-toaster]'))
      .filter((control) => {
        const c = control.getBoundingClientRect()
        if (c.width === 0 || c.height === 0 || c.bottom < 0 || c.top > innerHeight) return false
        return toasts.some(
          (t) => c.left < t.right && t.left < c.right && c.top < t.bottom && t.top < c.bottom,
        )
      })
      .map((control) => control.textContent?.trim() || control.outerHTML.slice(0, 60))
  })
}

/** Scrolls the page as a person does (the wheel) until `button` sits just above the screen's bottom. */
async function scrollNearBottom(page: Page, button: Locator): Promise<void> {
  const height = page.viewportSize()?.height ?? 844
  await expect(button).toBeAttached()
  const box = await button.boundingBox()
  if (!box) throw new Error('the button has no box')
  await page.mouse.move(20, height / 2)
  await page.mouse.wheel(0, box.y + box.height - (height - 24))
  await expect
    .poll(async () => {
      const now = await button.boundingBox()
      return now ? Math.round(height - (now.y + now.height)) : null
    })
    .toBeLessThanOrEqual(60)
}

for (const form of ['add', 'edit'] as const) {
  test(`@layout right after a toast, the ${form} form's button near the screen's bottom is uncovered`, async ({
    page,
    parent,
  }) => {
    const submit = form === 'add' ? 'Add Child' : 'Edit Child'
    await parent.signUp({ label: `toast-${form}` })
    let shown = 'Signed up successfully'
    if (form === 'edit') {
      await parent.addChild({ kidName: 'Toby Toast', photos: 1 })
      shown = 'Child added'
    }
    // The toast of what just happened shows; the parent goes straight on to the form.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: shown })
    await expect(toast).toBeVisible()
    const shownAt = Date.now()
    if (form === 'add') await page.getByRole('link', { name: 'Add your child' }).click()
    else await kidCard(page, 'Toby Toast').getByRole('link', { name: 'Edit Toby Toast' }).click()
    const button = page.getByRole('button', { name: submit })
    await scrollNearBottom(page, button)
    // Within the toast's 5 s (so not its own closing): it stepped aside; nothing lies over any control.
    await expect(toast).toHaveCount(0, { timeout: 1_000 })
    expect(await controlsUnderToasts(page)).toEqual([])
    expect(Date.now() - shownAt, 'checked while the toast would still show').toBeLessThan(4_000)
    if (form === 'add') {
      await parent.fillChild({ kidName: 'Ada Toast' })
      await page.getByLabel('Images').setInputFiles(photoFiles(1))
      await expect(page.getByRole('list', { name: 'Chosen photos' }).getByText('Preparing…')).toHaveCount(0)
    }
    await scrollNearBottom(page, button)
    expect(await controlsUnderToasts(page)).toEqual([])
    // The press lands on the button (no trial: a toast over it would take the tap).
    await button.click({ timeout: 2_000 })
    await expect(page.getByText(form === 'add' ? 'Child added' : 'Child edited').last()).toBeVisible()
  })
}
