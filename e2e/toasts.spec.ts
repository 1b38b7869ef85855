// Toasts (issue 38): never over the header's controls (they sat over Team, Blog, Contact and Profile
// for 5 s), at 390 px (phone) and 1280 px (desktop): at the bottom, above the app's status messages.
import type { Page } from '@playwright/test'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'

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
