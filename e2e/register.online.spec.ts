// The register (issue 51; docs/decisions/0078-the-register.md) against the real backend
// (e2e/online-world.ts): a member of staff granted by `npm run staff` records an arrival offline at
// /centre/today, leaves the page before the connection returns, and the arrival is sent from the site's
// home page once online (the door's hint, src/app/open-outboxes.ts); records the collection; sets the
// day's settings (read back over REST); and downloads the month's register as CSV, whose row says when
// the child came, who collected and who recorded each. Screenshots at 390 px and 1280 px; axe finds
// nothing on the register and settings.
import { readFileSync } from 'node:fs'
import { centreDay } from '../src/shared/records/attendance-record'
import { axeViolations } from './axe'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { onlineWorld, plainFields, putServerDocument, serverDocument } from './online-world'
import { followVerificationLink, staffChange } from './staff-command'
import { newKidId, placeChild, registrationMailsOff, stamp, text } from './started-places'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)
// The door goes offline on purpose: Chromium logs the failed connections to Firestore meanwhile.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

// The centre's registration e-mails are off while a test runs (e2e/started-places.ts); the day's
// settings go back to the defaults after (the 'not seen' check reads them).
const made: string[] = []
registrationMailsOff(made)
test.afterEach(async () => {
  await putServerDocument('centre/today', {
    notSeenAt: text('10:00'),
    registerMonths: { integerValue: '12' },
  })
})

test('staff download the month’s register after an arrival sent from another page and a collection', async ({
  app,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(180_000)
  const uid = `reg${stamp()}`
  const today = centreDay(Date.now())
  const kidId = newKidId('reg')
  made.push(kidId)
  // A comma and a formula's start in the name: the CSV keeps them inside one guarded cell.
  const kidName = `=Amara, ${stamp()}`
  await placeChild(uid, kidId, kidName, today)

  const { email } = await parent.signUp({ label: 'register', name: 'Sam Door' })
  await followVerificationLink(email)
  staffChange('grant', email)
  await app.goto('/centre/today')
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kidName }) })
  await expect(row).toBeVisible({ timeout: 30_000 })

  // Offline at the door, then the tab leaves /centre before the connection returns.
  await page.context().setOffline(true)
  await row.getByRole('button', { name: `Arrived: ${kidName}` }).click()
  await expect(row).toContainText(/Arrived at \d\d:\d\d \(on this device, not sent yet\)/)
  await page.goto('about:blank')
  await page.context().setOffline(false)
  const arrivalPath = `attendance/${kidId}_${today}_arrival`
  expect(await serverDocument(arrivalPath)).toBeNull()
  // The home page's start finds the door's hint and sends the arrival; no /centre opened.
  await app.goto('/')
  await expect.poll(() => serverDocument(arrivalPath), { timeout: 30_000 }).not.toBeNull()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sunbeam.attendance.pending'))).toBeNull()

  // The collection, online: Ada from the file, no code asked.
  await app.goto('/centre/today')
  await expect(row).toContainText(/Arrived at \d\d:\d\d/, { timeout: 30_000 })
  await row.getByRole('button', { name: `Collected: ${kidName}` }).click()
  const form = page.getByRole('form', { name: `Who collects ${kidName}?` })
  await form.getByRole('radio', { name: 'Ada Obi (Mother)' }).check()
  await form.getByRole('button', { name: 'Record collection' }).click()
  const collectionPath = `attendance/${kidId}_${today}_collection`
  await expect.poll(() => serverDocument(collectionPath), { timeout: 30_000 }).not.toBeNull()
  await expect(row).not.toContainText('not sent yet', { timeout: 30_000 })

  // The day's settings, saved for every member of staff.
  const settings = page.getByRole('region', { name: 'The day’s settings' })
  await settings.getByRole('combobox', { name: 'Not seen after' }).selectOption('09:30')
  await settings.getByRole('textbox', { name: 'Months to keep the register' }).fill('24')
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(settings.getByRole('status')).toHaveText('Saved.')
  await expect(settings).toContainText('Now: not seen after 09:30; the register is kept 24 months.')
  const stored = await serverDocument('centre/today')
  expect(stored && plainFields(stored)).toEqual({ notSeenAt: '09:30', registerMonths: 24 })

  // The register of this month.
  const register = page.getByRole('region', { name: 'Register' })
  const month = register.getByRole('combobox', { name: 'Month' })
  await expect(month).toHaveValue(today.slice(0, 7))
  // The months kept: this one and 24 before it.
  await expect(month.getByRole('option')).toHaveCount(25)
  const downloading = page.waitForEvent('download')
  await register.getByRole('button', { name: 'Download register' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`sunbeam-register-${today.slice(0, 7)}.csv`)
  const csv = readFileSync(await download.path(), 'utf8')
  await expect(register.getByRole('status')).toContainText(/^Downloaded: \d+ child-days? in /)
  expect(csv.startsWith('\uFEFF"Date","Child","Arrived at","Arrival recorded by","Collected at"')).toBe(true)
  const line = csv.split('\r\n').find((l) => l.includes(kidName.slice(1)))
  expect(line).toMatch(
    new RegExp(
      `^"${today}","'${kidName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}","\\d\\d:\\d\\d","Sam Door","\\d\\d:\\d\\d","Ada Obi","Mother","Yes","No","","Sam Door",""$`,
    ),
  )

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await register.screenshot({ path: testInfo.outputPath(`register-${width}.png`) })
    await settings.screenshot({ path: testInfo.outputPath(`day-settings-${width}.png`) })
    expect(await axeViolations(page), `Today with the register at ${width} px`).toEqual([])
  }
})
