// Issue 26: editing keeps the saved photos and adds new ones to them (max 6 together); the parent picks
// the cover. Firestore's server is unreachable here, so the record is read from Firestore's queue; the
// deletion of a removed photo, which waits for the server to have the record, is shown in the online
// world (parent.online.spec.ts).
import { answerConnectivityProbe, firestoreUnreachable, queuedKidWrites } from './firestore-offline'
import { expect, test } from './fixtures'
import { amara, kidCard } from './parent-steps'
import { photoFiles } from './pictures'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })
test.beforeEach(({ context }) => answerConnectivityProbe(context))

test('an edit adds a photo to the two saved ones, made the cover: the record holds three, it first', async ({
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  const storage = await answerStorage(page)
  await parent.signUp({ label: 'edit-photos' })
  const { kidId } = await parent.addChild({ photos: 2 })
  await expect(kidCard(page, amara.kidName).getByText('Waiting to upload')).toHaveCount(0, {
    timeout: 30_000,
  })
  await expect.poll(async () => (await queuedKidWrites(page, kidId)).length).toBe(1)
  const saved = [...storage.uploads]
  expect(saved).toHaveLength(2)

  await kidCard(page, amara.kidName)
    .getByRole('link', { name: `Edit ${amara.kidName}` })
    .click()
  const chosen = page.getByRole('list', { name: 'Chosen photos' })
  await expect(chosen.getByRole('img')).toHaveCount(2)
  await expect(
    page.getByText('Your saved photos stay and new ones are added to them', { exact: false }),
  ).toBeVisible()
  await page.getByLabel('Images').setInputFiles(photoFiles(1, 'new'))
  await expect(chosen.getByRole('img')).toHaveCount(3)
  await expect(page.getByText('3 of 6')).toBeVisible()
  await page.getByRole('button', { name: 'Make photo 3 the cover' }).click()
  await expect(chosen.getByRole('img').first()).toHaveAttribute('alt', /^Photo 1, the cover: new-1/)
  await page.getByRole('button', { name: 'Edit Child' }).click()
  await expect(page.getByText('Child edited')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)

  // The edit's record, queued for the server: the new photo first, then the two saved ones, in order.
  await expect.poll(async () => (await queuedKidWrites(page, kidId)).length, { timeout: 30_000 }).toBe(2)
  const edited = (await queuedKidWrites(page, kidId))[1]
  const added = storage.uploads.filter((path) => !saved.includes(path))
  expect(added).toHaveLength(1)
  expect(added[0]).toMatch(/\/new-1\.jpg-/)
  expect(edited?.fields.imgUrls).toEqual([added[0], ...saved])
  // Nothing is deleted: every photo is still the child's.
  expect(storage.deleted).toEqual([])
  await expect(kidCard(page, amara.kidName).locator('img.kid-card-cover')).toBeVisible()
})
