// The bound on children per parent account (issue 50; src/shared/records/bounds.ts): with ten children
// on the account, 'Add your child' opens the add form's page saying so, before any form is filled in.
// The ten are added through the real screens, with Storage answered by the harness (each child's photo
// uploads, and its record waits in Firestore's own queue): the cheapest honest way in the offline world,
// whose Firestore server is unreachable.
import { MAX_KIDS_PER_PARENT } from '../src/shared/records/bounds'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { kidCard } from './parent-steps'
import { answerStorage } from './storage-fake'
import { screenshotWholePage } from './whole-page'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })
test.beforeEach(({ context }) => answerConnectivityProbe(context))

test('with ten children, the add form says one account can register at most ten', async ({
  page,
  parent,
}, testInfo) => {
  test.setTimeout(300_000)
  await answerStorage(page)
  await parent.signUp({ label: 'bound' })
  // A new parent's address is not confirmed yet: where notices are chosen, they are told the e-mails
  // wait for it; and 'Your data' says how long the records of a place that ended are kept.
  const verify = page.getByText(
    'Notices are e-mailed only to a confirmed address: please confirm yours with the link we sent you (Resend is under your e-mail in Personal Details).',
  )
  await expect(verify).toBeVisible()
  const retention = page.getByText(
    "If a child's place is declined, withdrawn or never taken up, the child's record, photos, enrolment file and documents are deleted after the period the centre sets (180 days unless it sets another). You get a notice 30 days before.",
  )
  await expect(retention).toBeVisible()
  for (const [name, width, height] of [
    ['390', 390, 844],
    ['1280', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    await verify.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`notices-verify-${name}.png`) })
    await retention.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`your-data-retention-${name}.png`) })
  }
  await page.setViewportSize({ width: 390, height: 844 })
  for (let index = 1; index <= MAX_KIDS_PER_PARENT; index += 1) {
    const kidName = `Child Number ${index}`
    await parent.addChild({ kidName, photos: 1 })
    // The ninth child still opened the form: the bound is ten, not fewer.
    await expect(kidCard(page, kidName)).toBeVisible()
  }
  await expect(page.locator('.kid-card')).toHaveCount(MAX_KIDS_PER_PARENT)

  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page).toHaveURL(/\/add-kid$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  const bound = page.getByText(
    'You have 10 children registered. One account can register at most 10 children. Please contact the centre to register another.',
  )
  await expect(bound).toBeVisible()
  // No form to fill in.
  await expect(page.getByLabel('Child Name')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add Child' })).toHaveCount(0)
  await screenshotWholePage(page, testInfo.outputPath('kids-bound-390.png'))
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(bound).toBeVisible()
  await screenshotWholePage(page, testInfo.outputPath('kids-bound-1280.png'))
  await page.setViewportSize({ width: 390, height: 844 })

  await page.getByRole('link', { name: 'Back to My Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.locator('.kid-card')).toHaveCount(MAX_KIDS_PER_PARENT)
})
