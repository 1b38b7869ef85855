// Child records, as a parent uses them, on the production build in Chromium: the real Auth emulator,
// the real Firestore SDK with its server unreachable (records live in its persistent cache and queue),
// and Cloud Storage either unreachable or answered by the harness (e2e/storage-fake.ts, e2e/firestore-rest-fake.ts). The outbox
// is the app's own code throughout.
import { answerConnectivityProbe, firestoreUnreachable, queuedKidWrites } from './firestore-offline'
import { expect, test } from './fixtures'
import { amara, cardLink, imageLoaded, kidCard } from './parent-steps'
import { photoFiles } from './pictures'
import { answerStorage, BUCKET, STORAGE } from './storage-fake'

// Firestore's SDK keeps trying its absent server (Storage's absent emulator is refused the same way):
// only those offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

test('a parent adds a child with 2 photos offline, reloads, views, edits and deletes it', async ({
  app,
  page,
  context,
  parent,
}) => {
  test.setTimeout(120_000)
  await parent.signUp({ label: 'journey' })
  // The list appears only when there are children.
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page).toHaveURL(/\/add-kid$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  // The product's defaults: Male, No, Monthly; and the cover hint.
  await expect(page.getByLabel('Child Gender')).toHaveValue('Male')
  await expect(page.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByLabel('Plan')).toHaveValue('Monthly')
  await expect(page.getByText('The first image will be the cover, max 6')).toBeVisible()

  await parent.fillChild()
  await page.getByLabel('Child Gender').selectOption('Female')
  await page.getByRole('button', { name: 'Yes' }).click()
  await page.getByLabel('Plan').selectOption('Weekly')
  await page.getByLabel('Images').setInputFiles(photoFiles(2))

  // Offline: the submission is accepted at once and waits in the outbox.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(page.getByText('Child added')).toBeVisible()
  await expect(page.getByText('It will upload by itself when you are back online.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  let card = kidCard(page, amara.kidName)
  await expect(card).toContainText('Female')
  await expect(card).toContainText('Weekly Plan')
  await expect(card).toContainText('Waiting to upload')
  await expect(card).toContainText('Waiting for a connection · 0 of 2 photos uploaded')

  // Back online, Storage is still unreachable here: the child keeps waiting, nothing is lost on reload.
  await context.setOffline(false)
  await app.reload()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toBeVisible()
  card = kidCard(page, amara.kidName)
  await expect(card).toContainText('Waiting to upload')
  const cover = card.locator('img.kid-card-cover')
  await expect(cover).toHaveAttribute('src', /^blob:/)
  await imageLoaded(cover)
  await expect(card.getByRole('link', { name: `Edit ${amara.kidName}` })).toBeVisible()
  await expect(card.getByRole('button', { name: `Delete ${amara.kidName}` })).toBeVisible()

  // The detail, from the device: labelled lines and both photos.
  await cardLink(page, amara.kidName).click()
  await expect(page).toHaveURL(/\/kid\/[A-Za-z0-9]{20}$/)
  const kidUrl = page.url()
  const kidId = kidUrl.split('/').pop() ?? ''
  await expect(page.getByRole('heading', { level: 1, name: amara.kidName })).toBeVisible()
  const lines = page.locator('.kid-lines')
  await expect(lines).toContainText('Child Name')
  await expect(lines.getByText('4 years')).toBeVisible()
  await expect(lines.getByText('35 years')).toBeVisible()
  await expect(lines.getByText('Weekly Plan')).toBeVisible()
  await expect(lines.getByText(amara.parentPhone)).toBeVisible()
  await expect(page.locator('.kid-detail-head').getByText('Waiting to upload')).toBeVisible()
  const photos = page.getByRole('img', { name: new RegExp(`^Photo \\d of 2 of ${amara.kidName}$`) })
  await expect(photos.first()).toHaveAttribute('src', /^blob:/)
  await imageLoaded(page.getByRole('img', { name: `Photo 1 of 2 of ${amara.kidName}` }).first())

  // Edit it online, with Storage still unreachable: the queued submission is updated (photos kept), and
  // the parent is let go with 'Child edited': it uploads by itself. Nothing red.
  await page.getByRole('link', { name: 'Edit child' }).click()
  await expect(page).toHaveURL(new RegExp(`/edit-kid/${kidId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Child Info' })).toBeVisible()
  await expect(
    page.getByText(`Your earlier changes to ${amara.kidName} are still on this device`),
  ).toBeVisible()
  await expect(page.getByLabel('Child Name')).toHaveValue(amara.kidName)
  await expect(page.getByLabel('Child Gender')).toHaveValue('Female')
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByLabel('Plan')).toHaveValue('Weekly')
  await expect(page.getByLabel('Address')).toHaveValue(amara.address)
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2)
  await page.getByLabel('Child Name').fill('  Amara Grace Obi  ')
  await page.getByLabel('Plan').selectOption('Daily')
  await page.getByRole('button', { name: 'Edit Child' }).click()
  await expect(page.getByText('Child edited')).toBeVisible({ timeout: 10_000 })
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('Images not uploaded')).toHaveCount(0)
  card = kidCard(page, 'Amara Grace Obi')
  await expect(card).toContainText('Daily Plan')
  await expect(card).toContainText('Waiting to upload')
  await expect(page.locator('.kids-list > li')).toHaveCount(1) // updated, not added
  await imageLoaded(card.locator('img.kid-card-cover'))

  // Delete it: confirm, gone from the list (which then disappears), toast.
  await card.getByRole('button', { name: 'Delete Amara Grace Obi' }).click()
  const asked = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
  await asked.getByRole('button', { name: 'Delete Amara Grace Obi' }).click()
  await expect(page.getByText('Successfully deleted child')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  await app.reload()
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)

  // A deleted child's page is gone: 'Child does not exist' and home.
  await app.goto(kidUrl)
  await expect(page.getByText('Child does not exist')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('the child screens are for signed-in parents: a visitor goes to /login and back', async ({
  app,
  page,
  parent,
}) => {
  await app.goto('/add-kid')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadd-kid$/)
  await app.goto('/kid/someChildId')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkid%2FsomeChildId$/)
  await app.goto('/edit-kid/someChildId')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fedit-kid%2FsomeChildId$/)
  // After signing up the parent may go on; another parent's or a missing child is 'Child does not exist'.
  await parent.signUp({ label: 'guard' })
  await app.goto('/edit-kid/someChildId')
  await expect(page.getByText('Child does not exist')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('7 photos give Max 6 images and nothing is queued', async ({ app, page, parent }) => {
  await parent.signUp({ label: 'max6' })
  await app.goto('/add-kid')
  await parent.fillChild()
  await page.getByLabel('Images').setInputFiles(photoFiles(7))
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(page.getByText('Max 6 images').first()).toBeVisible()
  await expect(page).toHaveURL(/\/add-kid$/)
  await expect(page.getByRole('status').filter({ hasText: 'Saving your child' })).toHaveCount(0)
  await app.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
})

test('the form holds a name of emoji to its limit in characters: 80 fit, more do not', async ({
  app,
  page,
  parent,
}) => {
  await parent.signUp({ label: 'emoji' })
  await app.goto('/add-kid')
  const name = page.getByLabel('Child Name')
  // maxLength would count UTF-16 units and stop at 40 emoji; the record and the rules allow 80.
  await expect(name).not.toHaveAttribute('maxlength')
  await name.fill('😀'.repeat(81))
  await expect(name).toHaveValue('😀'.repeat(80))
  await name.press('End')
  await name.pressSequentially('ab')
  await expect(name).toHaveValue('😀'.repeat(80))
  await name.press('Backspace')
  await expect(name).toHaveValue('😀'.repeat(79))
  await name.pressSequentially('é')
  await expect(name).toHaveValue(`${'😀'.repeat(79)}é`)
})

test('with Storage answering, a child goes through the sender into Firestore with private photos', async ({
  app,
  page,
  parent,
}) => {
  test.setTimeout(90_000)
  const storage = await answerStorage(page)
  await parent.signUp({ label: 'sent' })
  const uid = await parent.uid()
  await app.goto('/add-kid')
  await parent.fillChild({ kidName: 'Chidi Eze' })
  await page.getByLabel('Images').setInputFiles(photoFiles(2))
  const releaseSecond = storage.holdUploads({ skip: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  // The overlay shows the upload's progress: one photo of two is up.
  const overlay = page.getByRole('status').filter({ hasText: 'Saving your child' })
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50')
  releaseSecond()
  await expect(page.getByText('Child added')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)

  // Both photos went up, scaled and re-encoded on the device, to the parent's folder,
  // images/{uid}/{file}-{random id}, as the parent, and marked to stay out of shared and browser caches.
  expect(storage.uploads).toHaveLength(2)
  for (const name of storage.uploads)
    expect(name).toMatch(new RegExp(`^images/${uid}/photo-[12]\\.jpg-[A-Za-z0-9]{20}$`))
  expect(
    storage.requests.filter((request) => request.method === 'POST').map((request) => request.uid),
  ).toEqual([uid, uid])
  for (const object of storage.objects.values()) {
    expect(object.contentType).toBe('image/jpeg')
    expect(object.cacheControl).toBe('private, no-store')
  }

  const card = kidCard(page, 'Chidi Eze')
  await expect(card).toContainText('Monthly Plan')
  await expect(card).toContainText('Male')
  await expect(card.getByText('Waiting to upload')).toHaveCount(0)
  // Shown from this device's own copy: never downloaded again by the phone that uploaded it.
  const cover = card.locator('img.kid-card-cover')
  await expect(cover).toHaveAttribute('src', /^blob:/)
  await imageLoaded(cover)
  expect(storage.downloads).toEqual([])

  // The record is in Firestore's persistent queue (its server is unreachable), written once, with the
  // server's time and its owner; its photos are storage paths: no token, no http address.
  const kidId = (await cardLink(page, 'Chidi Eze').getAttribute('href'))?.split('/').pop() ?? ''
  const writes = await queuedKidWrites(page, kidId)
  expect(writes).toHaveLength(1)
  expect(writes[0]?.serverTimestamp).toBe(true)
  expect(writes[0]?.userId).toBe(uid)
  expect(writes[0]?.fields).toMatchObject({
    kidName: 'Chidi Eze',
    kidGender: 'Male',
    disability: false,
    plan: 'Monthly',
    address: amara.address,
    userRef: uid,
  })
  expect(writes[0]?.fields.imgUrls).toEqual(storage.uploads)
  for (const path of (writes[0]?.fields.imgUrls ?? []) as string[]) expect(path).not.toMatch(/token|https?:/)
  await app.reload()
  await expect(kidCard(page, 'Chidi Eze')).toBeVisible()
  await expect(kidCard(page, 'Chidi Eze').getByText('Waiting to upload')).toHaveCount(0)
  await cardLink(page, 'Chidi Eze').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Chidi Eze' })).toBeVisible()
  await expect(page.locator('.kid-lines').getByText('Monthly Plan')).toBeVisible()
  await imageLoaded(page.getByRole('img', { name: 'Photo 1 of 2 of Chidi Eze' }).first())
  expect(await queuedKidWrites(page, kidId)).toHaveLength(1) // the reload wrote nothing again

  // Deleting a saved child removes the record and its photos from Storage.
  await app.goto('/profile')
  await kidCard(page, 'Chidi Eze').getByRole('button', { name: 'Delete Chidi Eze' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Chidi Eze' }).click()
  await expect(page.getByText('Successfully deleted child')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  await expect.poll(() => storage.deleted.length).toBe(2)
  expect(storage.objects.size).toBe(0)
})

test.describe('private photos', () => {
  // The harness refuses a photo read without the owner's token, which Chromium logs.
  test.use({
    allowedConsoleErrors: [
      new RegExp(
        `${firestoreUnreachable.source}|^Failed to load resource: the server responded with a status of 403 \\(Forbidden\\)$`,
      ),
    ],
  })

  test('the detail page reads photos with the parent’s credentials; the server refuses anyone else', async ({
    app,
    page,
    context,
    parent,
  }) => {
    test.setTimeout(90_000)
    const storage = await answerStorage(page)
    await parent.signUp({ label: 'private' })
    const uid = await parent.uid()
    await app.goto('/add-kid')
    await parent.fillChild({ kidName: 'Efe Okon' })
    await page.getByLabel('Images').setInputFiles(photoFiles(2))
    await page.getByRole('button', { name: 'Add Child' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect.poll(() => storage.uploads.length).toBe(2)

    // Another device (no copy of the photos): it has only the record's storage paths, and reads each
    // photo with the parent's token. A request without it is refused by the harness, like storage.rules.
    await page.evaluate(() => caches.delete('sunbeam-photo-copies'))
    const kidId = (await cardLink(page, 'Efe Okon').getAttribute('href'))?.split('/').pop() ?? ''
    await app.goto(`/kid/${kidId}`)
    await imageLoaded(page.getByRole('img', { name: 'Photo 1 of 2 of Efe Okon' }).first())
    await imageLoaded(page.getByRole('img', { name: 'Photo 2 of 2 of Efe Okon' }).first())
    expect([...storage.downloads].sort()).toEqual([...storage.uploads].sort())
    const reads = storage.requests.filter((request) => request.method === 'GET')
    expect(reads.length).toBeGreaterThanOrEqual(2)
    expect(reads.every((request) => request.uid === uid)).toBe(true)
    const anonymous = await page.evaluate(
      (url) => fetch(url).then((response) => response.status),
      `${STORAGE}/v0/b/${BUCKET}/o/${encodeURIComponent(storage.uploads[0] ?? '')}?alt=media`,
    )
    expect(anonymous).toBe(403)

    // Offline, the detail still shows them: this device kept its own copy.
    await page.getByRole('link', { name: 'Back to profile' }).click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    await context.setOffline(true)
    await cardLink(page, 'Efe Okon').click()
    await imageLoaded(page.getByRole('img', { name: 'Photo 1 of 2 of Efe Okon' }).first())
    expect([...storage.downloads].sort()).toEqual([...storage.uploads].sort()) // not downloaded again
  })
})
