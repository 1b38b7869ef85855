// Quick Inquire in Chromium on the production build: the contact page loads no Firebase
// until a message is sent; the message is written to `inquiries` through Firestore's queue (its
// server is unreachable in this suite) and the sender is thanked at once, told the truth: it is kept on
// this device and goes by itself (the online world, parent.online.spec.ts, sees it reach the server).
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { queuedInquiries, sendQuickInquire } from './quick-inquire'

// Firestore's server is absent here: only its offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

test('Quick Inquire queues the message in inquiries and thanks the sender', async ({ app, page }) => {
  const firebaseScripts: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/firebase-backend-[\w-]+\.js$/.test(request.url())) firebaseScripts.push(request.url())
  })
  await app.goto('/contact')
  await expect(page.getByRole('heading', { name: 'Quick Inquire' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(firebaseScripts, 'the contact page loads Firebase only to send').toEqual([])

  // Spaces around the name are trimmed before it is stored.
  await sendQuickInquire(page, '  Ada ')

  await expect(
    page.getByRole('status').filter({
      hasText:
        'Thank you, Ada! Your message is kept on this device and will be sent by itself as soon as our server can be reached.',
    }),
  ).toBeVisible()
  await expect(page.getByText('Your message has reached us', { exact: false })).toHaveCount(0)
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
