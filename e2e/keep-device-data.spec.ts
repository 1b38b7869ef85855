// Keeping the device's data (docs/decisions/0022-keep-the-device-data.md): once a parent has queued a
// child, the app asks the browser to keep the site's data (navigator.storage.persist()), and 'Your data'
// says plainly whether it will be kept. Chromium grants or refuses by its own rules, so both answers are
// shown with navigator.storage stubbed in the page, and the real answer is checked against what the page
// says.
import type { Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })
test.beforeEach(({ context }) => answerConnectivityProbe(context))

const KEPT = /^On this device: kept\./
const MAY_BE_CLEARED = /^On this device: may be cleared\./

/** Replaces navigator.storage's persist() and persisted() with ones that answer `grant`, counting calls. */
async function stubPersist(page: Page, grant: boolean) {
  await page.addInitScript((granted: boolean) => {
    let kept = false
    const calls = { persist: 0 }
    Object.assign(window, { persistCalls: calls })
    const storage = navigator.storage
    Object.defineProperty(storage, 'persisted', { value: async () => kept, configurable: true })
    Object.defineProperty(storage, 'persist', {
      value: async () => {
        calls.persist += 1
        kept = granted
        return granted
      },
      configurable: true,
    })
  }, grant)
}

const persistCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { persistCalls: { persist: number } }).persistCalls.persist)

function deviceLine(page: Page) {
  return page.getByRole('region', { name: 'Your data' }).locator('[data-device-data]')
}

for (const grant of [true, false]) {
  test(`a browser that ${grant ? 'grants' : 'refuses'} it: asked once a child is queued, and 'Your data' says so`, async ({
    app,
    page,
    parent,
  }, testInfo) => {
    test.setTimeout(120_000)
    await answerStorage(page)
    await stubPersist(page, grant)
    await parent.signUp({ label: `keep-${grant}` })
    // Nothing queued yet: nothing asked, and 'Your data' speaks of no keeping (issue 38: a new parent
    // was told "may be cleared" before there was anything to keep).
    const yourData = page.getByRole('region', { name: 'Your data' })
    await expect(yourData.getByRole('button', { name: 'Download my data' })).toBeVisible()
    await expect(deviceLine(page)).toHaveCount(0)
    await expect(yourData).not.toContainText('On this device')
    expect(await persistCalls(page)).toBe(0)

    await parent.addChild({ photos: 1 })
    await expect.poll(() => persistCalls(page)).toBe(1)
    await expect(deviceLine(page)).toHaveText(grant ? KEPT : MAY_BE_CLEARED)
    // Opened again (the outbox still holds the child, or it was sent): the answer stands, asked once per visit.
    await app.reload()
    await expect(deviceLine(page)).toHaveText(grant ? KEPT : MAY_BE_CLEARED)
    await page
      .getByRole('region', { name: 'Your data' })
      .screenshot({ path: testInfo.outputPath(`your-data-${grant ? 'kept' : 'may-be-cleared'}.png`) })
  })
}

test("Chromium's own answer is what 'Your data' says", async ({ page, parent }, testInfo) => {
  test.setTimeout(120_000)
  await answerStorage(page)
  await parent.signUp({ label: 'keep-real' })
  await parent.addChild({ photos: 1 })
  await expect
    .poll(async () => {
      const kept = await page.evaluate(() => navigator.storage.persisted())
      return (await deviceLine(page).getAttribute('data-device-data')) === (kept ? 'kept' : 'may-be-cleared')
    })
    .toBe(true)
  const kept = await page.evaluate(() => navigator.storage.persisted())
  testInfo.annotations.push({ type: 'persisted', description: `headless Chromium answered ${kept}` })
  console.log(`[keep-device-data] ${testInfo.project.name}: navigator.storage.persisted() is ${kept}`)
})
