// The service worker's push handler (src/pwa/sw-push.ts), driven as the browser's push service would:
// a message delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) shows the
// notification, and a tap on it opens the child's page in the open app. (A synthetic tap cannot open a
// new window: browsers allow that only from a real one, so the open-app path is the one shown here.)
import type { Page } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium'
import { expect, test } from './fixtures'

// The whole browser: the headless shell the rest of the suite runs in has no notifications.
test.use({ serviceWorkers: 'allow', launchOptions: chromiumLaunchOptions })

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
  })
}

test("a pushed notice shows as a notification, and its tap opens the child's page", async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'])
  await app.goto('/')
  await waitForController(page)

  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((each) => !each.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const kidId = 'PushedKid00000000001'
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify({
      title: 'Sunbeam Day Care & Baby Care',
      body: "Amara's place is confirmed from 4 January 2027.",
      noticeId: `${kidId}-1`,
      url: `/kid/${kidId}`,
    }),
  })

  const shown = () =>
    page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready
      return (await worker.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data,
      }))
    })
  await expect.poll(shown).toEqual([
    {
      title: 'Sunbeam Day Care & Baby Care',
      body: "Amara's place is confirmed from 4 January 2027.",
      tag: `notice-${kidId}-1`,
      data: { url: `/kid/${kidId}` },
    },
  ])

  // The tap, as the browser dispatches it to the worker.
  const [worker] = context.serviceWorkers()
  expect(worker).toBeDefined()
  await worker?.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('no notification to tap')
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }))
  })
  // The open app goes to the child's page (signed out here, the guard then asks for sign-in first).
  await expect(page).toHaveURL(new RegExp(`/kid/${kidId}$|redirect=%2Fkid%2F${kidId}`))
  await expect.poll(shown).toEqual([])
})
