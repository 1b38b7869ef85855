// Quick Inquire in Chromium on the production build: the contact page loads no Firebase
// until a message is sent; the message waits on the device for the function submitInquiry (no Functions
// emulator answers in this suite) and the sender is thanked at once, told the truth: it is kept on this
// device and goes by itself (the online world, inquiries.online.spec.ts, sees it reach the server).
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { queuedInquiries, sendQuickInquire } from './quick-inquire'

// No server answers here (Firestore's, the functions'): only their offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

test('Quick Inquire keeps the message on the device and thanks the sender', async ({ app, page }) => {
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

  const waiting = await queuedInquiries(page)
  expect(waiting).toEqual([
    {
      name: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'A visit',
      message: 'Could we visit on Monday morning?',
      website: '',
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      client: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    },
  ])
})
