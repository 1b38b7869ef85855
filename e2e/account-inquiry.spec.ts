// Quick Inquire (decisions 16) in Chromium on the production build: the contact page loads no Firebase
// until a message is sent; the message is written to `inquiries` through Firestore's queue (its
// server is unreachable in this suite) and the sender is thanked at once.
import type { Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable, queuedFirestoreWrites } from './firestore-offline'
import { expect, test } from './fixtures'

// Firestore's server is absent here: only its offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

/** Firestore's queued writes to the inquiries collection, as JSON text. */
async function queuedInquiries(page: Page): Promise<string[]> {
  const writes = await queuedFirestoreWrites(page)
  return writes
    .map((write) => JSON.stringify(write))
    .filter((write) => write.includes('/documents/inquiries/'))
}

test('Quick Inquire queues the message in inquiries and thanks the sender', async ({ page }) => {
  const firebaseScripts: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/firebase-backend-[\w-]+\.js$/.test(request.url())) firebaseScripts.push(request.url())
  })
  await page.goto('/contact')
  await expect(page.getByRole('heading', { name: 'Quick Inquire' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(firebaseScripts, 'the contact page loads Firebase only to send').toEqual([])

  await page.getByLabel('First name').fill('  Ada ')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject').fill('A visit')
  await page.getByLabel('Message').fill('Could we visit on Monday morning?')
  await page.getByRole('button', { name: 'Submit Now' }).click()

  await expect(
    page.getByText('Thank you, Ada! Your message is on its way and we will reply within one working day.'),
  ).toBeVisible()
  expect(firebaseScripts).toHaveLength(1)

  const writes = await queuedInquiries(page)
  expect(writes).toHaveLength(1)
  const write = writes[0] ?? ''
  for (const field of [
    '"name":{"stringValue":"Ada"}',
    '"lastName":{"stringValue":"Lovelace"}',
    '"email":{"stringValue":"ada@example.com"}',
    '"subject":{"stringValue":"A visit"}',
    '"message":{"stringValue":"Could we visit on Monday morning?"}',
    'REQUEST_TIME',
  ])
    expect(write).toContain(field)
})
