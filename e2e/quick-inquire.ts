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
 * The inquiries waiting on this device for the server (jobs of kind 'inquiry' in the outbox's database,
 * src/shared/outbox, decision 0067), each with its id and this browser's client id. None before the
 * outbox has been opened in this browser.
 */
export async function queuedInquiries(page: Page): Promise<Record<string, string>[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sunbeam-jobs')
      // Not created yet: nothing waits (and nothing is created here that the app would find).
      open.onupgradeneeded = () => open.transaction?.abort()
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    }).catch(() => null)
    if (!db) return []
    const jobs = await new Promise<{ kind: string; payload: Record<string, string> }[]>((resolve, reject) => {
      const read = db.transaction('jobs').objectStore('jobs').getAll()
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    })
    db.close()
    return jobs.filter((job) => job.kind === 'inquiry').map((job) => job.payload)
  })
}
