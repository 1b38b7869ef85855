// Collection codes and collections at the door (issue 51; docs/decisions/0079, 0075) against the real
// backend (e2e/online-world.ts):
// - a parent names a person in the enrolment file; the child's page shows their code (made on the
//   device), copies it where the browser cannot share, and changes it offline (kept on the device);
//   once online the server holds the new code's verifier (read over REST), and staff at the door, on a
//   phone of their own and offline, are refused the old code and take the new one;
// - someone not on the list is refused at the door, then allowed by the parent's 'Someone else
//   collects today' message, or by a call to the parent: the server's records say who allowed it;
// - the keyboard alone runs the door: an arrival and a collection with a code.
// Screenshots of the parent's codes at 390 and 1280 px; axe finds nothing on them.
import type { Locator, Page } from '@playwright/test'
import { centreDay, collectorMessages } from '../src/shared/records/attendance-record'
import {
  checkCollectionCode,
  codeMessages,
  formatCollectionCode,
  newCodeVerifier,
  parseCodeVerifiers,
} from '../src/shared/records/collection-code'
import { axeViolations } from './axe'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { secondDevice } from './online-device'
import { onlineWorld, plainFields, putServerDocument, serverDocument, serverQuery } from './online-world'
import { followVerificationLink, staffChange } from './staff-command'
import {
  confirmPlace,
  map,
  newKidId,
  placeChild,
  registrationMailsOff,
  stamp,
  text,
  time,
} from './started-places'
import { answerStorage } from './storage-fake'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)
// The devices go offline on purpose: Chromium logs the failed connections to Firestore meanwhile.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })
/** The staff phone's console while offline on purpose. */
const allowedOnTheDoor = [
  /^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/,
  /^console error: @firebase\/firestore: .*Could not reach Cloud Firestore backend/,
]

// The centre's registration e-mails are off while a test runs (e2e/started-places.ts).
const kidIds: string[] = []
registrationMailsOff(kidIds)

/** Staff on the page: a new account, verified and granted by `npm run staff`, at /centre/today. */
async function openDoor(
  steps: { signUp(o: { label: string }): Promise<{ email: string }> },
  goto: (path: string) => Promise<unknown>,
  label: string,
): Promise<void> {
  const { email } = await steps.signUp({ label })
  await followVerificationLink(email)
  staffChange('grant', email)
  await goto('/centre/today')
}

const rowOf = (page: Page, kidName: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kidName }) })

/** The 8 digits a code's card shows. */
async function shownCode(item: Locator): Promise<string> {
  const digits = (await item.locator('.collection-code-digits').innerText()).replace(/\s/g, '')
  expect(digits).toMatch(/^[0-9]{8}$/)
  return digits
}

test('a parent sees, shares and changes a code offline; the door refuses the old one, takes the new', async ({
  browser,
  context,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(300_000)
  const storage = await answerStorage(page)
  const today = centreDay(Date.now())
  const kidName = `Nneka ${stamp()}`
  await parent.signUp({ label: 'codes' })
  await parent.fillNewChild({ kidName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const kidId = await parent.kidId({ kidName })
  kidIds.push(kidId)
  const uid = await parent.uid()
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  await confirmPlace(kidId, uid, today)

  // The file names Ada Eze, the aunt; saving it makes her code on this device.
  await page.goto(`/kid/${kidId}/enrolment`)
  await page.getByLabel('Person 1, Name').fill('Ada Eze')
  await page.getByLabel('Person 1, Relation to the child').fill('Aunt')
  await page.getByLabel('Person 1, Phone').fill('+234 802 555 0199')
  await page.getByRole('button', { name: 'Save the file' }).click()
  await expect(page.getByText(/^Saved\./)).toBeVisible()
  await expect.poll(() => serverDocument(`codeChecks/${kidId}`), { timeout: 30_000 }).not.toBeNull()

  await page.goto(`/kid/${kidId}`)
  const section = page.getByRole('region', { name: 'Collection codes' })
  const item = section.getByRole('listitem').filter({ hasText: 'Ada Eze (Aunt)' })
  await expect(item).toContainText(/[0-9]{4} [0-9]{4}/, { timeout: 30_000 })
  const oldCode = await shownCode(item)
  const storedCodes = await serverDocument(`collectionCodes/${kidId}`)
  expect(storedCodes && plainFields(storedCodes)).toMatchObject({
    userRef: uid,
    codes: [{ name: 'Ada Eze', relation: 'Aunt', code: oldCode }],
  })

  // No Web Share in this browser: 'Share' copies the code, and says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await section.getByRole('button', { name: 'Share: Ada Eze’s code' }).click()
  await expect(section.getByRole('status')).toHaveText(
    'Copied Ada Eze’s code: paste it into a message to them',
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(formatCollectionCode(oldCode))
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`codes-parent-${width}.png`) })
    expect(await axeViolations(page), `the codes at ${width} px`).toEqual([])
  }

  // Offline: the code is still shown, and a change is kept on this device until sent.
  await context.setOffline(true)
  await expect(item).toContainText(formatCollectionCode(oldCode))
  await section.getByRole('button', { name: 'Change code: Ada Eze' }).click()
  await expect(section.getByRole('status')).toContainText('Kept on this device until it is sent')
  const newCode = await shownCode(item)
  expect(newCode).not.toBe(oldCode)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`codes-parent-changed-offline-${width}.png`) })
  }
  const checksPath = `codeChecks/${kidId}`
  const verifierNow = async () => {
    const stored = await serverDocument(checksPath)
    return parseCodeVerifiers(stored && plainFields(stored))[0] ?? null
  }
  const before = await verifierNow()
  expect(before && (await checkCollectionCode(oldCode, before))).toBe(true)

  await context.setOffline(false)
  await expect(section.getByRole('status')).not.toContainText('Kept on this device', { timeout: 30_000 })
  await expect.poll(async () => (await verifierNow())?.salt, { timeout: 30_000 }).not.toBe(before?.salt)
  const after = await verifierNow()
  if (!after) throw new Error('No verifier on the server')
  expect(after).toMatchObject({ name: 'Ada Eze', relation: 'Aunt', iterations: 300_000 })
  expect(await checkCollectionCode(newCode, after)).toBe(true)
  expect(await checkCollectionCode(oldCode, after)).toBe(false)
  const changedCodes = await serverDocument(`collectionCodes/${kidId}`)
  expect(changedCodes && plainFields(changedCodes).codes).toEqual([
    { name: 'Ada Eze', relation: 'Aunt', code: newCode },
  ])

  // The door, on a staff phone of its own: the arrival, then Ada Eze's code checked offline.
  const door = await secondDevice(browser, testInfo, storage)
  await openDoor(door.parent, (path) => door.app.goto(path), 'codes-door')
  const row = rowOf(door.page, kidName)
  await expect(row).toBeVisible({ timeout: 30_000 })
  await row.getByRole('button', { name: `Arrived: ${kidName}` }).click()
  await expect(row).toContainText(/Arrived at \d\d:\d\d/)
  await expect(row).not.toContainText('not sent yet', { timeout: 30_000 })
  await row.getByRole('button', { name: `Collected: ${kidName}` }).click()
  const form = door.page.getByRole('form', { name: `Who collects ${kidName}?` })
  await form.getByRole('radio', { name: 'Ada Eze (Aunt)' }).check()
  // The code's field shows once Ada Eze's verifier is on this phone (synced while online); then offline.
  const codeBox = form.getByRole('textbox', { name: /collection code/ })
  await expect(codeBox).toBeVisible({ timeout: 30_000 })
  await door.context.setOffline(true)
  await codeBox.fill(formatCollectionCode(oldCode))
  await form.getByRole('button', { name: 'Record collection' }).click()
  await expect(form.getByText(codeMessages.wrong)).toBeVisible()
  await codeBox.fill(formatCollectionCode(newCode))
  await form.getByRole('button', { name: 'Record collection' }).click()
  await expect(row).toContainText(
    /Collected by Ada Eze \(Aunt\) at \d\d:\d\d \(on this device, not sent yet\)/,
  )
  await door.context.setOffline(false)
  const collectionPath = `attendance/${kidId}_${today}_collection`
  await expect.poll(() => serverDocument(collectionPath), { timeout: 30_000 }).not.toBeNull()
  const collected = await serverDocument(collectionPath)
  expect(collected && plainFields(collected).collector).toEqual({
    from: 'file',
    name: 'Ada Eze',
    relation: 'Aunt',
    codeChecked: true,
  })
  expect(door.problems.filter((problem) => !allowedOnTheDoor.some((re) => re.test(problem)))).toEqual([])
  await door.context.close()
})

test('someone not on the list is refused, then allowed by the parent’s message or a call', async ({
  browser,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(300_000)
  const storage = await answerStorage(page)
  const today = centreDay(Date.now())
  // The parent's own child, added on their phone; its place confirmed and its file naming Ada Obi.
  const byMessageName = `Obinna ${stamp()}`
  await parent.signUp({ label: 'codes-message' })
  await parent.fillNewChild({ kidName: byMessageName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const byMessage = { kidId: await parent.kidId({ kidName: byMessageName }), kidName: byMessageName }
  const uid = await parent.uid()
  await expect.poll(() => serverDocument(`kids/${byMessage.kidId}`), { timeout: 20_000 }).not.toBeNull()
  await confirmPlace(byMessage.kidId, uid, today)
  await putServerDocument(`enrolments/${byMessage.kidId}`, {
    userRef: text(uid),
    collectors: {
      arrayValue: {
        values: [map({ name: text('Ada Obi'), relation: text('Mother'), phone: text('+234 802 555 0101') })],
      },
    },
    mustNotCollect: text(''),
    savedAt: time(Date.now()),
  })
  // A second child of the family, as the server holds it, for the call.
  const byCall = { kidId: newKidId('code'), kidName: `Ifeoma ${stamp()}` }
  kidIds.push(byMessage.kidId, byCall.kidId)
  await placeChild(uid, byCall.kidId, byCall.kidName, today)

  // The door, on a staff phone of its own: both children arrive.
  const door = await secondDevice(browser, testInfo, storage)
  const staffPage = door.page
  await openDoor(door.parent, (path) => door.app.goto(path), 'codes-other')
  for (const child of [byMessage, byCall]) {
    const row = rowOf(staffPage, child.kidName)
    await expect(row).toBeVisible({ timeout: 30_000 })
    await row.getByRole('button', { name: `Arrived: ${child.kidName}` }).click()
    await expect(row).not.toContainText('not sent yet', { timeout: 30_000 })
  }

  // Chika, a neighbour, not in the file: refused without the parent's permission.
  const collect = async (kidName: string) => {
    await rowOf(staffPage, kidName)
      .getByRole('button', { name: `Collected: ${kidName}` })
      .click()
    const form = staffPage.getByRole('form', { name: `Who collects ${kidName}?` })
    await form.getByRole('radio', { name: 'Someone else' }).check()
    await form.getByLabel('Their name').fill('Chika Obi')
    await form.getByLabel('Relation to the child').fill('Neighbour')
    await form.getByLabel('Their phone').fill('+234 803 555 0123')
    await form.getByRole('button', { name: 'Record collection' }).click()
    await expect(form.getByRole('alert')).toHaveText(collectorMessages.allowedBy)
    return form
  }
  const first = await collect(byMessage.kidName)
  for (const width of [390, 1280]) {
    await staffPage.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await first.screenshot({ path: testInfo.outputPath(`door-someone-else-refused-${width}.png`) })
    expect(await axeViolations(staffPage), `the refusal at ${width} px`).toEqual([])
  }

  // The parent, on their phone, says 'Someone else collects today': the door offers it, live.
  await page.goto(`/kid/${byMessage.kidId}`)
  const tell = page.getByRole('region', { name: 'Tell the centre' })
  await tell.getByRole('button', { name: 'Someone else collects today' }).click({ timeout: 30_000 })
  await tell.getByLabel('Name').fill('Chika Obi')
  await tell.getByLabel('Phone').fill('+234 803 555 0123')
  await tell.getByLabel('Relation to the child').fill('Neighbour')
  await tell.getByRole('button', { name: 'Send' }).click()
  await expect(tell).toContainText('Sent', { timeout: 30_000 })
  const [message] = (await serverQuery('tellTheCentre', 'kidId', byMessage.kidId)).map((d) => d.name)
  const messageId = message?.split('/').pop() ?? ''
  expect(messageId).not.toBe('')
  const fromParent = first.getByRole('radio', {
    name: 'The parent told us: Chika Obi (Neighbour) collects today',
  })
  await fromParent.check({ timeout: 30_000 })
  await first.getByRole('button', { name: 'Record collection' }).click()
  await expect(rowOf(staffPage, byMessage.kidName)).toContainText(
    /Collected by Chika Obi \(Neighbour\) at \d\d:\d\d/,
  )
  const byMessagePath = `attendance/${byMessage.kidId}_${today}_collection`
  await expect.poll(() => serverDocument(byMessagePath), { timeout: 30_000 }).not.toBeNull()
  const storedByMessage = await serverDocument(byMessagePath)
  expect(storedByMessage && plainFields(storedByMessage).collector).toEqual({
    from: 'other',
    name: 'Chika Obi',
    relation: 'Neighbour',
    phone: '+234 803 555 0123',
    allowedBy: { how: 'message', messageId },
  })

  // The other child: staff call the parent, who says yes; the call is recorded.
  const second = await collect(byCall.kidName)
  await expect(second.getByRole('link', { name: '+234 802 555 0101' })).toHaveAttribute(
    'href',
    'tel:+2348025550101',
  )
  await second.getByRole('radio', { name: 'I called the parent and they said yes' }).check()
  await expect(second.getByLabel('Who said yes')).toHaveValue('Ada Obi')
  await expect(second.getByLabel('The number you called')).toHaveValue('+234 802 555 0101')
  await second.getByRole('button', { name: 'Record collection' }).click()
  await expect(rowOf(staffPage, byCall.kidName)).toContainText(
    /Collected by Chika Obi \(Neighbour\) at \d\d:\d\d/,
  )
  const byCallPath = `attendance/${byCall.kidId}_${today}_collection`
  await expect.poll(() => serverDocument(byCallPath), { timeout: 30_000 }).not.toBeNull()
  const storedByCall = await serverDocument(byCallPath)
  expect(storedByCall && plainFields(storedByCall).collector).toEqual({
    from: 'other',
    name: 'Chika Obi',
    relation: 'Neighbour',
    phone: '+234 803 555 0123',
    allowedBy: { how: 'call', name: 'Ada Obi', phone: '+234 802 555 0101' },
  })
  expect(door.problems).toEqual([])
  await door.context.close()
})

/** Presses Tab until `target` has the focus (a person would see where it is). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Tab never reached the control')
}

test('the keyboard alone runs the door: an arrival, then a collection with a code', async ({
  app,
  page,
  parent,
}) => {
  test.setTimeout(180_000)
  const uid = `code${stamp()}`
  const today = centreDay(Date.now())
  const kidId = newKidId('code')
  const kidName = `Kelechi ${stamp()}`
  kidIds.push(kidId)
  await placeChild(uid, kidId, kidName, today)
  // Ada's code as the parent's device leaves its verifier.
  const verifier = await newCodeVerifier({ name: 'Ada Obi', relation: 'Mother' }, '48271930')
  await putServerDocument(`codeChecks/${kidId}`, {
    userRef: text(uid),
    savedAt: time(Date.now()),
    people: {
      arrayValue: {
        values: [
          map({
            name: text(verifier.name),
            relation: text(verifier.relation),
            salt: text(verifier.salt),
            hash: text(verifier.hash),
            iterations: { integerValue: String(verifier.iterations) },
          }),
        ],
      },
    },
  })
  await openDoor(parent, (path) => app.goto(path), 'codes-keys')
  const row = rowOf(page, kidName)
  await expect(row).toBeVisible({ timeout: 30_000 })

  await tabTo(page, row.getByRole('button', { name: `Arrived: ${kidName}` }))
  await page.keyboard.press('Enter')
  await expect(row).toContainText(/Arrived at \d\d:\d\d/)
  await expect(row).not.toContainText('not sent yet', { timeout: 30_000 })

  await tabTo(page, row.getByRole('button', { name: `Collected: ${kidName}` }))
  await page.keyboard.press('Space')
  const form = page.getByRole('form', { name: `Who collects ${kidName}?` })
  await expect(form.getByRole('radio', { name: 'Ada Obi (Mother)' })).toBeFocused()
  await page.keyboard.press('Space')
  await tabTo(page, form.getByRole('textbox', { name: /collection code/ }))
  await page.keyboard.type('4827 1930')
  await page.keyboard.press('Enter')
  await expect(row).toContainText(/Collected by Ada Obi \(Mother\) at \d\d:\d\d/)
  const collectionPath = `attendance/${kidId}_${today}_collection`
  await expect.poll(() => serverDocument(collectionPath), { timeout: 30_000 }).not.toBeNull()
  const collected = await serverDocument(collectionPath)
  expect(collected && plainFields(collected).collector).toEqual({
    from: 'file',
    name: 'Ada Obi',
    relation: 'Mother',
    codeChecked: true,
  })
})
