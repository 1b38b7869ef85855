// From a registration to a place (issue 35), against the real emulators (Auth, Firestore with
// firestore.rules, Functions): staff offer a place; the parent, offline, accepts on the child's page and
// fills the enrolment file with an action plan (a PDF) and an immunisation photo (all kept on the device,
// sent by the outbox once online: the documents to the parent's folder, then the file); staff see the
// file complete and confirm; the parent's card says 'Place confirmed from {date}'. And an offer that the nightly schedule lapsed
// (functions/src/enrolment-schedule.ts, run by the test through the Admin SDK: the Functions emulator
// does not fire schedules): the parent's 'Accept', pressed on a device that had not heard, is refused by
// the rules, and the child's page says why.
import type { Browser, Page, TestInfo } from '@playwright/test'
import { documentMessages } from '#shared/records/enrolment-record'
import { replyDeadline } from '#shared/records/registration-record'
import { axeViolations } from './axe'
import { runScheduleAt } from './enrolment-schedule'
import { firestoreUnreachable } from './firestore-offline'
import { appPage, expect, test } from './fixtures'
import { onlineWorld, plainFields, serverDocument } from './online-world'
import { kidCard, type ParentSteps, parentSteps } from './parent-steps'
import { png } from './pictures'
import { followVerificationLink, staffChange } from './staff-command'
import { answerStorage, type StorageHarness } from './storage-fake'
import { screenshotWholePage } from './whole-page'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)
// The parent's phone goes offline on purpose: Chromium logs its failed connections.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

function staffCard(page: Page, heading: string) {
  return page
    .locator('.centre-card')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
}

/** A parent's child saved on the server; returns its id and the Storage the page talks to. */
async function registeredChild(
  parent: ParentSteps,
  page: Page,
  kidName: string,
): Promise<{ kidId: string; storage: StorageHarness }> {
  const storage = await answerStorage(page)
  await parent.signUp({ label: 'enrol-parent' })
  await parent.fillNewChild({ kidName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const kidId = await parent.kidId({ kidName })
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  return { kidId, storage }
}

/** Fills the whole enrolment file on its page, with a PDF action plan and a photo of the record. */
async function fillEnrolmentFile(page: Page, kidName: string, screenshots?: TestInfo) {
  const people = [
    ['Contact 1', 'Chidi Obi', 'Father', '+234 803 555 0102'],
    ['Contact 2', 'Ifeoma Obi', 'Aunt', '+234 803 555 0103'],
    ['Person 1', 'Chidi Obi', 'Father', '+234 803 555 0102'],
  ] as const
  for (const [row, name, relation, phone] of people) {
    await page.getByLabel(`${row}, Name`).fill(name)
    await page.getByLabel(`${row}, Relation to the child`).fill(relation)
    await page.getByLabel(`${row}, Phone`).fill(phone)
  }
  await page.getByLabel(`Anyone who must not collect ${kidName} (optional)`).fill('Not her uncle Emeka.')
  await page.getByLabel('Allergies').fill('Peanuts')
  await page.getByLabel('Medical conditions').fill('Asthma')
  await page.getByLabel('Medication').fill('Inhaler, two puffs when needed')
  // A web page saved under a PDF's name: its bytes say what it is, and the form refuses it in words.
  await page.getByLabel('Action plan (optional)').setInputFiles({
    name: 'asthma-plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><body>Not a PDF</body></html>\n'),
  })
  const refused = page.getByText(documentMessages.notDocument)
  await expect(refused).toBeVisible()
  await expect(page.getByText('Added: asthma-plan.pdf')).toHaveCount(0)
  if (screenshots) {
    await refused.scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshots.outputPath('fake-pdf-390.png') })
    await page.setViewportSize({ width: 1280, height: 800 })
    await refused.scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshots.outputPath('fake-pdf-1280.png') })
    await page.setViewportSize({ width: 390, height: 844 })
  }
  await page.getByLabel('Action plan (optional)').setInputFiles({
    name: 'asthma-plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% the asthma action plan\n%%EOF\n'),
  })
  await expect(page.getByText('Added: asthma-plan.pdf')).toBeVisible()
  await expect(refused).toHaveCount(0)
  await page.getByLabel('Immunisation record', { exact: true }).setInputFiles({
    name: 'immunisation-card.png',
    mimeType: 'image/png',
    buffer: png(640, 480, [40, 120, 200]),
  })
  // Made into a JPEG on the device, and named as one.
  await expect(page.getByText('Added: immunisation-card.jpg')).toBeVisible()
  await page.getByLabel('Date of the immunisation record').fill('2026-03-01')
  await page.getByLabel('Doctor’s name').fill('Dr Bassey')
  await page.getByLabel('Practice or clinic').fill('Uyo Family Clinic')
  await page.getByLabel('Doctor’s phone').fill('+234 803 555 0199')
  await page.getByLabel('No photos, please').check()
  await page.getByLabel('Your full name, for the photo answer').fill('Ngozi Obi')
  await page.getByLabel(/Your full name, to consent to emergency medical treatment/).fill('Ngozi Obi')
  await page.getByLabel(/Your full name, to agree to the centre’s policies/).fill('Ngozi Obi')
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

test('staff offer; the parent accepts and fills the file offline; staff confirm; the card says so', async ({
  page,
  app,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Ada ${Date.now().toString(36)}`
  const { kidId, storage } = await registeredChild(parent, page, kidName)
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

    await screenshotWholePage(page, testInfo.outputPath('enrolment-parent-offer-390.png'))
    expect(await axeViolations(page), 'the offer on the child page').toEqual([])

    // The file's page is loaded once online (its code), and says it opens only once a place is accepted.
    await app.goto(`/kid/${kidId}/enrolment`)
    await expect(
      page.getByText(`The enrolment file opens once you have accepted a place for ${kidName}.`),
    ).toBeVisible()
    await page.getByRole('link', { name: `Back to ${kidName}` }).click()
    await expect(section.getByRole('button', { name: `Accept the place for ${kidName}` })).toBeVisible()

    // Offline: the answer is kept on the device, and the file opens.
    const uploadsBefore = storage.uploads.length
    await page.context().setOffline(true)
    await section.getByRole('button', { name: `Accept the place for ${kidName}` }).click()
    await expect(section.getByRole('status')).toHaveText(
      'Your answer is kept on this device and will be sent when you are online.',
    )
    await expect(section).toContainText('Place accepted, from 1 February 2027: the centre will confirm it')
    expect(
      await serverDocument(`registrations/${kidId}/replies/${(await serverState(kidId))?.offerId}`),
    ).toBeNull()
    const prompt = section.getByRole('link', { name: /^Fill in the enrolment file/ })
    await expect(prompt).toHaveAccessibleName(`Fill in the enrolment file for ${kidName} (11 items missing)`)
    await prompt.click()
    await expect(page.getByRole('heading', { name: `Enrolment file for ${kidName}` })).toBeVisible()

    // Saved unfinished first, then filled: both kept on this device, offline.
    await page.getByLabel('Allergies').fill('none')
    await page.getByRole('button', { name: 'Save the file' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
      'Saved. 10 items missing: you can finish it later.',
    )
    await fillEnrolmentFile(page, kidName, testInfo)
    await expect(page.getByRole('heading', { name: 'Complete: nothing missing' })).toBeVisible()
    await page.getByRole('button', { name: 'Save the file' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
      'Saved. The file is complete: the centre can see it once it is sent.',
    )
    await expect(
      page.getByText('Your last save is kept on this device and will be sent when you are online.'),
    ).toBeVisible()
    expect(await serverDocument(`enrolments/${kidId}`)).toBeNull()
    expect(storage.uploads).toHaveLength(uploadsBefore)

    // Online, but Storage does not answer: the reply goes, the complete file waits on the device.
    storage.refuse(true)
    const storageFailed = page.waitForEvent('requestfailed', (request) => request.url().includes(':9199/'))
    await page.context().setOffline(false)
    await storageFailed
    const offerId = String((await serverState(kidId))?.offerId)
    await expect
      .poll(async () => {
        const reply = await serverDocument(`registrations/${kidId}/replies/${offerId}`)
        return reply ? plainFields(reply).reply : null
      })
      .toBe('accepted')
    await expect(
      page.getByText('Your last save is kept on this device and will be sent when you are online.'),
    ).toBeVisible()
    // The server may hold the unfinished save (it needed no upload), never the documents yet.
    const early = await serverDocument(`enrolments/${kidId}`)
    expect(early === null || plainFields(early).immunisation === null).toBe(true)

    // Storage answers again: the documents go to the parent's folder, then the file, once.
    storage.refuse(false)
    await expect(
      page.getByText('Your last save is kept on this device and will be sent when you are online.'),
    ).toHaveCount(0, { timeout: 30_000 })
    const stored = await serverDocument(`enrolments/${kidId}`)
    expect(stored).not.toBeNull()
    const file = plainFields(stored as NonNullable<typeof stored>)
    expect(file).toMatchObject({
      allergies: 'Peanuts',
      conditions: 'Asthma',
      mustNotCollect: 'Not her uncle Emeka.',
      immunisationDate: '2026-03-01',
      doctor: { name: 'Dr Bassey', practice: 'Uyo Family Clinic', phone: '+234 803 555 0199' },
      photoConsent: { answer: 'no', name: 'Ngozi Obi' },
      medicalConsent: { name: 'Ngozi Obi' },
      policiesConsent: { name: 'Ngozi Obi' },
      actionPlan: { type: 'application/pdf', fileName: 'asthma-plan.pdf' },
      // Stored as a JPEG (the app scales photos down): the function enrolmentCleaned gives the name the
      // stored type's extension (issue 50).
      immunisation: { type: 'image/jpeg', fileName: 'immunisation-card.jpg' },
    })
    expect(file.emergencyContacts).toHaveLength(2)
    const plan = (file.actionPlan as { path: string }).path
    const record = (file.immunisation as { path: string }).path
    const uid = String(
      plainFields((await serverDocument(`kids/${kidId}`)) as NonNullable<typeof stored>).userRef,
    )
    for (const path of [plan, record]) {
      expect(path.startsWith(`images/${uid}/`)).toBe(true)
      expect(storage.uploads.filter((upload) => upload === path)).toHaveLength(1)
    }
    expect(storage.objects.get(plan)?.contentType).toBe('application/pdf')
    expect(storage.objects.get(plan)?.body.toString()).toContain('%PDF-1.4')

    // The parent's file, at 390 and 1280 px: screenshots, and axe finds nothing.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await expect(page.getByRole('heading', { name: 'Complete: nothing missing' })).toBeVisible()
      await screenshotWholePage(page, testInfo.outputPath(`enrolment-file-parent-${width}.png`))
      expect(await axeViolations(page), `the enrolment file at ${width} px`).toEqual([])
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('link', { name: `Back to ${kidName}` }).click()
    // The page follows the reply from the server again (the one kept here went once it was sent): its
    // listen stream may still be reconnecting after the phone was offline.
    await expect(section.getByRole('link', { name: /^Enrolment file: complete/ })).toBeVisible({
      timeout: 30_000,
    })

    // Staff see the acceptance and the file complete, and read it. Screenshots and axe at 390 and 1280 px.
    await expect(card).toContainText('Accepted, from 1 February 2027', { timeout: 20_000 })
    const checklist = card.getByRole('region', { name: 'Enrolment file: complete' })
    await expect(checklist).toBeVisible({ timeout: 20_000 })
    await checklist.getByText(`Read the file of ${kidName}`).click()
    await expect(checklist).toContainText('Peanuts')
    await expect(checklist).toContainText('Not her uncle Emeka.')
    await expect(checklist).toContainText('Download asthma-plan.pdf')
    for (const width of [390, 1280]) {
      const size = { width, height: width === 390 ? 844 : 800 }
      await page.setViewportSize(size)
      await expect(section).toContainText('Place accepted, from 1 February 2027')
      await screenshotWholePage(page, testInfo.outputPath(`enrolment-parent-${width}.png`))
      expect(await axeViolations(page), `the child's page at ${width} px`).toEqual([])
      await staff.page.setViewportSize(size)
      await card.scrollIntoViewIfNeeded()
      await card.screenshot({ path: testInfo.outputPath(`enrolment-staff-card-${width}.png`) })
      expect(await axeViolations(staff.page), `/centre at ${width} px`).toEqual([])
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card.getByLabel('Start date')).toHaveValue('2027-02-01')
    // Nothing is missing: the confirmation names nothing.
    await expect(card).not.toContainText('The enrolment file is not complete')
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card).toContainText('Confirmed from 1 February 2027')
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('confirmed')
    expect((await serverState(kidId))?.missing).toBeUndefined()

    await app.goto('/profile')
    await expect(kidCard(page, kidName)).toContainText('Place confirmed from 1 February 2027', {
      timeout: 20_000,
    })
  } finally {
    await staff.context.close()
  }
})

test("the card answers an offer too: Accept and Decline, offline; a confirmed card's next step", async ({
  page,
  app,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Bisi ${Date.now().toString(36)}`
  const { kidId } = await registeredChild(parent, page, kidName)
  const staff = await staffAtCentre(browser, testInfo)
  try {
    const card = await offerPlace(staff.page, kidName)
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('offered')
    // The parent's card says the offer and carries both answers (issue 53): no need to open the page.
    await app.goto('/profile')
    const kid = kidCard(page, kidName)
    await expect(kid).toContainText(/Place offered from 1 February 2027: reply by \d+ \w+ \d{4}/)
    const accept = kid.getByRole('button', { name: `Accept the place for ${kidName}` })
    const decline = kid.getByRole('button', { name: `Decline the place for ${kidName}` })
    await expect(accept).toBeVisible()
    await expect(decline).toBeVisible()
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await kid.scrollIntoViewIfNeeded()
      await kid.screenshot({ path: testInfo.outputPath(`offer-card-${width}.png`) })
      expect(await axeViolations(page), `the card with an offer at ${width} px`).toEqual([])
    }
    await page.setViewportSize({ width: 390, height: 844 })

    // Offline: Decline asks first; 'Keep the offer' keeps it; the answer is kept on this device.
    await page.context().setOffline(true)
    await decline.click()
    const dialog = page.getByRole('alertdialog', { name: 'Decline the place?' })
    await dialog.getByRole('button', { name: 'Keep the offer' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(accept).toBeVisible()
    await accept.click()
    await expect(kid.getByRole('status')).toHaveText(
      'Your answer is kept on this device and will be sent when you are online.',
    )
    await expect(kid).toContainText('Place accepted, from 1 February 2027: the centre will confirm it')
    await expect(accept).toHaveCount(0)
    await expect(decline).toHaveCount(0)
    const offerId = String((await serverState(kidId))?.offerId)
    expect(await serverDocument(`registrations/${kidId}/replies/${offerId}`)).toBeNull()
    await page.context().setOffline(false)
    await expect
      .poll(
        async () => {
          const reply = await serverDocument(`registrations/${kidId}/replies/${offerId}`)
          return reply ? plainFields(reply).reply : null
        },
        { timeout: 30_000 },
      )
      .toBe('accepted')

    // Staff confirm: the card's next step is no longer 'Offer place' (nor anything: the place is made).
    await expect(card).toContainText('Accepted, from 1 February 2027', { timeout: 20_000 })
    const primary = card.locator('.centre-decide .button--primary')
    await expect(primary).toHaveText([`Confirm place for ${kidName}`])
    await primary.click()
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card).toContainText('Confirmed from 1 February 2027')
    await expect(primary).toHaveCount(0)
    await expect(card.getByRole('button', { name: `Offer place for ${kidName}` })).not.toHaveClass(
      /button--primary/,
    )
  } finally {
    await staff.context.close()
  }
})

test('staff see what is missing, and may confirm by their choice with it named', async ({
  page,
  app,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Chioma ${Date.now().toString(36)}`
  const { kidId } = await registeredChild(parent, page, kidName)
  const staff = await staffAtCentre(browser, testInfo)
  try {
    // A family already known: staff confirm at once, and the file is not started.
    const card = staffCard(staff.page, kidName)
    await expect(card).toBeVisible({ timeout: 30_000 })
    await expect(card.getByRole('region', { name: /^Enrolment file/ })).toHaveCount(0)
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await card.getByLabel('Start date').fill('2027-02-01')
    await expect(card).toContainText('The enrolment file is not complete (11 missing).')
    await card.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(card).toContainText('Confirmed from 1 February 2027')
    await expect.poll(async () => (await serverState(kidId))?.state, { timeout: 20_000 }).toBe('confirmed')
    const missing = (await serverState(kidId))?.missing as string[]
    expect(missing).toHaveLength(11)
    expect(missing).toContain('The immunisation record (photo or PDF)')

    // The checklist names each item, with what was missing at the confirmation.
    const checklist = card.getByRole('region', { name: 'Enrolment file: not started (11 items missing)' })
    await expect(
      checklist.getByRole('list', { name: `Still missing for ${kidName}` }).getByRole('listitem'),
    ).toHaveCount(11)
    await expect(checklist).toContainText('Place confirmed while 11 items were missing.')
    for (const width of [390, 1280]) {
      await staff.page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await checklist.scrollIntoViewIfNeeded()
      await card.screenshot({ path: testInfo.outputPath(`enrolment-staff-checklist-${width}.png`) })
      expect(await axeViolations(staff.page), `the staff's checklist at ${width} px`).toEqual([])
    }

    // The parent's card asks for the file, and the notice says the place only.
    await app.goto('/profile')
    await expect(kidCard(page, kidName)).toContainText('Place confirmed from 1 February 2027', {
      timeout: 20_000,
    })
    await expect(
      page.getByRole('link', { name: `Fill in the enrolment file for ${kidName} (11 items missing)` }),
    ).toBeVisible()
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
  const { kidId } = await registeredChild(parent, page, kidName)
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
