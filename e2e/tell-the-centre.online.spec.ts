// 'Tell the centre' on the child's page (issue 51, docs/decisions/0076) against the real backend
// (e2e/online-world.ts): a parent whose child's place is confirmed and has started says 'Away today'
// while offline; the page keeps it on the device and says so, and once online the server has it once
// (tellTheCentre, read past the rules). Screenshots of the child's page at 390 and 1280 px.
import { centreDay } from '../src/shared/records/attendance-record'
import { addDays } from '../src/shared/records/registration-record'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { onlineWorld, plainFields, putServerDocument, serverCollection, serverDocument } from './online-world'
import { answerStorage } from './storage-fake'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)
// Offline, Firestore says it cannot reach the server.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test("a parent says 'Away today' offline; the server has it once online", async ({
  context,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(180_000)
  await answerStorage(page)
  const kidName = `Zara ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await parent.signUp({ label: 'tell-centre' })
  await parent.fillNewChild({ kidName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const kidId = await parent.kidId({ kidName })
  const uid = await parent.uid()
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  // The centre confirmed the place, which started a week ago (as staff's decision is stored).
  const today = centreDay(Date.now())
  await putServerDocument(`registrations/${kidId}`, {
    state: { stringValue: 'confirmed' },
    startDate: { stringValue: addDays(today, -7) },
    userRef: { stringValue: uid },
    decidedBy: { stringValue: 'staff-uid' },
    decidedAt: { timestampValue: new Date().toISOString() },
  })

  await page.goto(`/kid/${kidId}`)
  const section = page.getByRole('region', { name: 'Tell the centre' })
  await expect(section).toBeVisible({ timeout: 30_000 })

  await context.setOffline(true)
  await section.getByRole('button', { name: 'Away today' }).click()
  await section.getByRole('radio', { name: 'Ill' }).check()
  await section.getByRole('button', { name: 'Send' }).click()
  await expect(section).toContainText('Away today: ill')
  await expect(section).toContainText('Kept on this device until it is sent')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`tell-kept-${width}.png`) })
  }
  const mine = async () =>
    (await serverCollection('tellTheCentre')).map(plainFields).filter((message) => message.kidId === kidId)
  expect(await mine()).toEqual([])

  await context.setOffline(false)
  await expect(section).toContainText('Sent', { timeout: 30_000 })
  await expect.poll(async () => (await mine()).length, { timeout: 30_000 }).toBe(1)
  const [stored] = await mine()
  expect(stored).toMatchObject({ kidId, userRef: uid, kind: 'away', reason: 'ill', day: today })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`tell-sent-${width}.png`) })
  }
})
