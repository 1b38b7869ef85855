// /centre by keyboard at 1280 px (issue 38): 'Show photo' is replaced by the photo, and focus moves to
// the photo's place (it fell to the page). Against the real backend (e2e/online-world.ts), a member of
// staff verified, then granted by the real `npm run staff -- grant EMAIL`; photos answered by the harness.
import { appPage, expect, test } from './fixtures'
import { onlineWorld, plainFields, serverDocument } from './online-world'
import { parentSteps } from './parent-steps'
import { followVerificationLink, staffChange } from './staff-command'
import { answerStorage } from './storage-fake'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

test("'Show photo' by keyboard: focus moves to the photo that replaces it", async ({
  page,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(180_000)
  const kidName = `Photo ${Date.now().toString(36)}`
  await answerStorage(page)
  await parent.signUp({ label: 'photo-kbd-parent' })
  await parent.addChild({ kidName, photos: 1 })
  const kidId = await parent.kidId({ kidName })
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  const stored = await serverDocument(`kids/${kidId}`)
  const [cover] = (stored ? plainFields(stored).imgUrls : []) as string[]

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const staffPage = await staffContext.newPage()
    const staffApp = appPage(staffPage)
    const photos = await answerStorage(staffContext)
    if (cover) photos.put(cover)
    const staff = parentSteps({ page: staffPage, app: staffApp, testInfo })
    const { email } = await staff.signUp({ label: 'photo-kbd-staff' })
    // Staff are verified accounts: the link sent at sign-up, then the grant (decision 0026).
    await followVerificationLink(email)
    staffChange('grant', email)
    await staffApp.goto('/centre')
    await expect(staffPage.getByRole('heading', { name: 'Sunbeam centre' })).toBeVisible({ timeout: 30_000 })
    const show = staffPage.getByRole('button', { name: `Show photo of ${kidName}` })
    await expect(show).toBeVisible({ timeout: 20_000 })
    await show.focus()
    await staffPage.keyboard.press('Enter')
    const photo = staffPage.getByRole('img', { name: kidName })
    await expect(photo).toBeVisible({ timeout: 20_000 })
    // The photo's place holds focus (not the page's body), and Tab goes on from there.
    await expect(staffPage.locator('.centre-photo-slot').filter({ has: photo })).toBeFocused()
    expect(await staffPage.evaluate(() => document.activeElement === document.body)).toBe(false)
    // Then the decisions, one stop each: no date field until 'Offer place' or 'Confirm place' asks for
    // one (it cost four).
    await staffPage.keyboard.press('Tab')
    await expect(staffPage.getByRole('button', { name: `Offer place for ${kidName}` })).toBeFocused()
    await staffPage.keyboard.press('Tab')
    const confirm = staffPage.getByRole('button', { name: `Confirm place for ${kidName}` })
    await expect(confirm).toBeFocused()
    await staffPage.keyboard.press('Tab')
    await expect(staffPage.getByRole('button', { name: `Waitlist ${kidName}` })).toBeFocused()
    await staffPage.keyboard.press('Shift+Tab')
    await staffPage.keyboard.press('Enter')
    await expect(staffPage.getByLabel('Start date')).toBeFocused()
    await staffPage.keyboard.press('Escape')
    await expect(confirm).toBeFocused()
  } finally {
    await staffContext.close()
  }
})
