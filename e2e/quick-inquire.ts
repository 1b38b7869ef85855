import type { Page } from '@playwright/test'

/** Fills in the contact page's Quick Inquire form as Ada, with `firstName` as typed, and sends it. */
export async function sendQuickInquire(page: Page, firstName = 'Ada'): Promise<void> {
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject').fill('A visit')
  await page.getByLabel('Message').fill('Could we visit on Monday morning?')
  await page.getByRole('button', { name: 'Submit Now' }).click()
}

/**
 * The inquiries waiting on this device for the server (the adapter's outbox in localStorage,
 * src/firebase/inquiry-outbox.ts), each with its id and this browser's client id.
 */
export async function queuedInquiries(page: Page): Promise<Record<string, string>[]> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('sunbeam.inquiries.pending') ?? '[]') as Record<string, string>[],
  )
}
