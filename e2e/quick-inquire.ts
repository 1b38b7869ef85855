import type { Page } from '@playwright/test'
import { queuedFirestoreWrites } from './firestore-offline'

/** Fills in the contact page's Quick Inquire form as Ada, with `firstName` as typed, and sends it. */
export async function sendQuickInquire(page: Page, firstName = 'Ada'): Promise<void> {
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject').fill('A visit')
  await page.getByLabel('Message').fill('Could we visit on Monday morning?')
  await page.getByRole('button', { name: 'Submit Now' }).click()
}

/** Firestore's queued writes to the inquiries collection, as JSON text. */
export async function queuedInquiries(page: Page): Promise<string[]> {
  const writes = await queuedFirestoreWrites(page)
  return writes
    .map((write) => JSON.stringify(write))
    .filter((write) => write.includes('/documents/inquiries/'))
}
