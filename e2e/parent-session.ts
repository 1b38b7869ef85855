import type { Page, TestInfo } from '@playwright/test'
import { expect } from './fixtures'

// A parent's session as the browser suite drives it: sign up as a new parent (the Auth emulator runs
// for every test), then sign out. A test of the parent area starts and ends with these.

export const PARENT_PASSWORD = 'sunbeam-secret-1'

/** An e-mail address no other test (or earlier run) has used. */
export function newParentEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

/** Signs up through the form on /signup and waits for My Profile; returns the new parent's e-mail. */
export async function signUpNewParent(
  page: Page,
  testInfo: TestInfo,
  name = 'Grace Parent',
): Promise<string> {
  const email = newParentEmail(testInfo, 'parent')
  await page.goto('/signup')
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PARENT_PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  return email
}

/** Signs out with the header's Logout button and waits for the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Signed out successfully' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/:\d+\/$/)
}
