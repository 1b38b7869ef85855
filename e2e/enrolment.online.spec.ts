// From a registration to a place (issue 35), against the real emulators (Auth, Firestore with
// firestore.rules, Functions): staff offer a place; the parent, offline, accepts on the child's page
// (kept on the device, sent by the outbox once online); staff see the acceptance and confirm; the
// parent's card says 'Place confirmed from {date}'. And an offer that the nightly schedule lapsed
// (functions/src/enrolment-schedule.ts, run by the test through the Admin SDK: the Functions emulator
// does not fire schedules): the parent's 'Accept', pressed on a device that had not heard, is refused by
// the rules, and the child's page says why.
import type { Browser, Page, TestInfo } from '@playwright/test'
import { replyDeadline } from '#shared/records/registration-record'
import { axeViolations } from './axe'
import { runScheduleAt } from './enrolment-schedule'
import { firestoreUnreachable } from './firestore-offline'
import { appPage, expect, test } from './fixtures'
import { onlineWorld, plainFields, serverDocument } from './online-world'
import { kidCard, type ParentSteps, parentSteps } from './parent-steps'
import { followVerificationLink, staffChange } from './staff-command'
import { answerStorage } from './storage-fake'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)
// The parent's phone goes offline on purpose: Chromium logs its failed connections.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

function staffCard(page: Page, heading: string) {
  return page
    .locator('.centre-card')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
}

/** A parent's child saved on the server; returns its id. */
async function registeredChild(parent: ParentSteps, page: Page, kidName: string): Promise<string> {
  await answerStorage(page)
  await parent.signUp({ label: 'enrol-parent' })
  await parent.fillNewChild({ kidName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const kidId = await parent.kidId({ kidName })
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  return kidId
}

/** A verified member of staff at /centre, on a phone-sized page of their own. */
async function staffAtCentre(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const app = appPage(page)
  const steps = parentSteps({ page, app, testInfo })
  const { email } = await steps.signUp({ label: 'enrol-staff' })
  await followVerificationLink(email)
  staffChange('grant', email)
  await app.goto('/centre')
  return { context, page }
}

async function serverState(kidId: string): Promise<Record<string, unknown> | null> {
  const stored = await serverDocument(`registrations/${kidId}`)
  return stored ? plainFields(stored) : null
}

/** Offers a place from 1 February 2027 with the default reply-by date (7 days from today). */
async function offerPlace(staffPage: Page, kidName: string) {
  const card = staffCard(staffPage, kidName)
  await expect(card).toBeVisible({ timeout: 30_000 })
  await card.getByRole('button', { name: `Offer place for ${kidName}` }).click()
  await card.getByLabel('Start date').fill('2027-02-01')
  await card.getByRole('button', { name: `Offer place for ${kidName}` }).click()
  await expect(card).toContainText('Offered from 1 February 2027, reply by')
  return card
}

test('staff offer; the parent accepts offline; staff confirm; the card says so', async ({
  page,
  app,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Ada ${Date.now().toString(36)}`
  const kidId = await registeredChild(parent, page, kidName)
  const staff = await staffAtCentre(browser, testInfo)
  try {
    const card = await offerPlace(staff.page, kidName)
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('offered')

    // The parent's card and page say where the child stands, in words.
    await app.goto('/profile')
    await expect(kidCard(page, kidName)).toContainText(
      /Place offered from 1 February 2027: reply by \d+ \w+ \d{4}/,
    )
    await app.goto(`/kid/${kidId}`)
    const section = page.getByRole('region', { name: 'Place at the centre' })
    await expect(section.getByRole('button', { name: `Accept the place for ${kidName}` })).toBeVisible()

    await page.screenshot({ path: testInfo.outputPath('enrolment-parent-offer-390.png'), fullPage: true })
    expect(await axeViolations(page), 'the offer on the child page').toEqual([])

    // Offline: the answer is kept on the device.
    await page.context().setOffline(true)
    await section.getByRole('button', { name: `Accept the place for ${kidName}` }).click()
    await expect(section.getByRole('status')).toHaveText(
      'Your answer is kept on this device and will be sent when you are online.',
    )
    await expect(section).toContainText('Place accepted, from 1 February 2027: the centre will confirm it')
    expect(
      await serverDocument(`registrations/${kidId}/replies/${(await serverState(kidId))?.offerId}`),
    ).toBeNull()

    // Online again: sent, once.
    await page.context().setOffline(false)
    await expect(section.getByRole('status')).toHaveCount(0, { timeout: 30_000 })
    const offerId = String((await serverState(kidId))?.offerId)
    await expect
      .poll(async () => {
        const reply = await serverDocument(`registrations/${kidId}/replies/${offerId}`)
        return reply ? plainFields(reply).reply : null
      })
      .toBe('accepted')

    // Staff see the acceptance. Screenshots and axe of both sides at 390 and 1280 px.
    await expect(card).toContainText('Accepted, from 1 February 2027', { timeout: 20_000 })
    for (const width of [390, 1280]) {
      const size = { width, height: width === 390 ? 844 : 800 }
      await page.setViewportSize(size)
      await expect(section).toContainText('Place accepted, from 1 February 2027')
      await page.screenshot({ path: testInfo.outputPath(`enrolment-parent-${width}.png`), fullPage: true })
      expect(await axeViolations(page), `the child's page at ${width} px`).toEqual([])
      await staff.page.setViewportSize(size)
      await card.scrollIntoViewIfNeeded()
      await card.screenshot({ path: testInfo.outputPath(`enrolment-staff-card-${width}.png`) })
      expect(await axeViolations(staff.page), `/centre at ${width} px`).toEqual([])
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card.getByLabel('Start date')).toHaveValue('2027-02-01')
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card).toContainText('Confirmed from 1 February 2027')
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('confirmed')

    await app.goto('/profile')
    await expect(kidCard(page, kidName)).toContainText('Place confirmed from 1 February 2027', {
      timeout: 20_000,
    })
  } finally {
    await staff.context.close()
  }
})

test("a lapsed offer's Accept is refused by the rules, and the page says why", async ({
  page,
  app,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Bisi ${Date.now().toString(36)}`
  const kidId = await registeredChild(parent, page, kidName)
  const staff = await staffAtCentre(browser, testInfo)
  try {
    await offerPlace(staff.page, kidName)
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('offered')
    const offer = await serverState(kidId)
    const replyBy = String(offer?.replyBy)

    await app.goto(`/kid/${kidId}`)
    const section = page.getByRole('region', { name: 'Place at the centre' })
    await expect(section.getByRole('button', { name: `Accept the place for ${kidName}` })).toBeVisible()

    // The phone goes offline; meanwhile the reply-by date passes and the nightly schedule runs.
    await page.context().setOffline(true)
    const report = await runScheduleAt(replyDeadline(replyBy) + 60_000, [kidId])
    expect(report.lapsed).toEqual([kidId])
    expect(await serverState(kidId)).toMatchObject({ state: 'waitlisted', lapsedOn: replyBy })
    // A second run changes nothing.
    expect((await runScheduleAt(replyDeadline(replyBy) + 120_000, [kidId])).lapsed).toEqual([])

    // The parent, who has not heard, accepts: kept on the device, then refused by the rules online.
    await section.getByRole('button', { name: `Accept the place for ${kidName}` }).click()
    await expect(section.getByRole('status')).toContainText('kept on this device')
    await page.context().setOffline(false)
    const refusal = section.getByRole('alert')
    await expect(refusal).toContainText('Your answer was not accepted.', { timeout: 30_000 })
    await expect(refusal).toContainText('This offer can no longer be accepted: its reply-by date')
    await expect(refusal).toContainText('has passed and the place went to the next family')
    await expect(section).toContainText(/On the waiting list since \d+ \w+ \d{4}/)
    expect(await serverDocument(`registrations/${kidId}/replies/${String(offer?.offerId)}`)).toBeNull()
    expect(await axeViolations(page)).toEqual([])
    await refusal.getByRole('button', { name: 'OK' }).click()
    await expect(refusal).toHaveCount(0)
  } finally {
    await staff.context.close()
  }
})
