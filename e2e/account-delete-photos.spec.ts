import { deviceData, mentions } from './device-data'
import { answerConnectivityProbe, firestoreUnreachable, queuedKidWrites } from './firestore-offline'
import { answerFirestoreRest } from './firestore-rest-fake'
import { expect, test } from './fixtures'
import { PASSWORD } from './parent-steps'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

test("'Delete my account' deletes a photo this device never knew of, from the parent's folder only", async ({
  page,
  parent,
}) => {
  test.setTimeout(90_000)
  const storage = await answerStorage(page)
  const server = await answerFirestoreRest(page)
  await parent.signUp({ label: 'folder' })
  const uid = await parent.uid()
  const { kidId } = await parent.addChild({ kidName: 'Ada Nwosu', photos: 2 })
  await expect.poll(() => storage.uploads.length).toBe(2)
  const photos = [...storage.uploads]
  // The app uploads into the parent's folder.
  for (const path of photos)
    expect(path).toMatch(new RegExp(`^images/${uid}/ada-[12]\\.jpg-[A-Za-z0-9]{20}$`))
  const [write] = await queuedKidWrites(page, kidId)
  server.documents.set(`kids/${kidId}`, { fields: write?.restFields ?? {} })
  server.documents.set(`users/${uid}`, { fields: { name: { stringValue: 'Ngozi Parent' } } })

  // Another phone of the parent's uploaded a photo, then its child was never saved: no record names it,
  // and this device's outbox never held it. Another parent's photo sits in their own folder.
  const stray = `images/${uid}/from-other-phone.png-Str4yPh0t0FromPh0ne2`
  const theirs = 'images/someoneelse/their-child.png-N0tTh1sParent5Ph0t0s'
  storage.put(stray)
  storage.put(theirs)
  expect(mentions(await deviceData(page), [stray])).toEqual([])

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const form = page.getByRole('form', { name: 'Delete my account' })
  await form.getByLabel('Your password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('Your account and all your data have been deleted.')).toBeVisible({
    timeout: 20_000,
  })

  // The parent's folder was listed (as its owner, the only one storage.rules lets list it), and every
  // photo in it deleted: the child's two and the one no record or outbox named.
  expect(storage.lists).toEqual([`images/${uid}`])
  expect(
    storage.requests.filter((request) => request.method === 'LIST').map((request) => request.uid),
  ).toEqual([uid])
  expect([...storage.deleted].sort()).toEqual([...photos, stray].sort())
  expect([...storage.objects.keys()]).toEqual([theirs])
  expect(server.deletes.sort()).toEqual([`kids/${kidId}`, `users/${uid}`].sort())
})
