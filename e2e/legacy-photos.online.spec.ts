// A record saved by the first app, against the real Firestore emulator with firestore.rules
// (e2e/online-world.ts): its photos were named after the picked files, spaces and accents included, and
// one is still a download address with a token. It opens in the edit form with its photos, and an edit
// saves with those photos kept (as paths): the rules and the app accept the owner's legacy names
// (docs/decisions/0020-photo-folders.md). Cloud Storage is answered by the harness.
import { expect, test } from './fixtures'
import {
  onlineWorld,
  plainFields,
  putServerDocument,
  type RestValue,
  type ServerDocument,
  serverDocument,
} from './online-world'
import { amara, imageLoaded, kidCard } from './parent-steps'
import { answerStorage } from './storage-fake'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

const text = (value: string): RestValue => ({ stringValue: value })

test('a legacy record whose photo names hold spaces and accents is edited with its photos kept', async ({
  page,
  parent,
}) => {
  test.setTimeout(90_000)
  const storage = await answerStorage(page)
  await parent.signUp({ label: 'legacy' })
  const uid = await parent.uid()
  const kidId = `L3gacy${Date.now()}`.padEnd(20, '0').slice(0, 20)
  const spaced = `images/${uid}-My Photo é.jpg-abc`
  const punctuated = `images/${uid}-Café (1) & 2.jpeg-9f3e`
  // What the first app stored: a download address (its path percent-encoded, with a token) and a path.
  const address = `http://127.0.0.1:9199/v0/b/demo-sunbeam.appspot.com/o/${encodeURIComponent(spaced)}?alt=media&token=0ld-t0ken`
  storage.put(spaced)
  storage.put(punctuated)
  await putServerDocument(`kids/${kidId}`, {
    kidName: text('Tobi Legacy'),
    kidAge: text('4'), // an older record: free text, no month of birth
    kidGender: text('Male'),
    disability: { booleanValue: false },
    parentName: text(amara.parentName),
    parentAge: text(amara.parentAge),
    parentPhone: text(amara.parentPhone),
    address: text(amara.address),
    plan: text('Monthly'),
    imgUrls: { arrayValue: { values: [text(address), text(punctuated)] } },
    userRef: text(uid),
    timestamp: { timestampValue: new Date().toISOString() },
  })

  // The record arrives from the server; the edit form opens with both photos.
  await expect(kidCard(page, 'Tobi Legacy')).toBeVisible({ timeout: 20_000 })
  await kidCard(page, 'Tobi Legacy').getByRole('link', { name: 'Edit Tobi Legacy' }).click()
  await expect(page.getByLabel('Child Name')).toHaveValue('Tobi Legacy')
  const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')
  await expect(chosen).toHaveCount(2)
  await imageLoaded(chosen.first())

  // An edit that changes only the plan saves, the photos kept in their order, as storage paths.
  await page.getByLabel('Plan').selectOption('Daily')
  await page.getByRole('button', { name: 'Edit Child' }).click()
  await expect
    .poll(async () => plainFields((await serverDocument(`kids/${kidId}`)) as ServerDocument).plan, {
      timeout: 20_000,
    })
    .toBe('Daily')
  expect(plainFields((await serverDocument(`kids/${kidId}`)) as ServerDocument)).toMatchObject({
    kidName: 'Tobi Legacy',
    plan: 'Daily',
    imgUrls: [spaced, punctuated],
    userRef: uid,
  })
  await expect(kidCard(page, 'Tobi Legacy')).toHaveClass(/kid-card--saved/, { timeout: 20_000 })
  await expect(page.getByText(/could not be saved|not one of the owner/i)).toHaveCount(0)
  // Nothing was uploaded again and no photo was deleted.
  expect(storage.uploads).toEqual([])
  expect(storage.deleted).toEqual([])
  expect([...storage.objects.keys()].sort()).toEqual([spaced, punctuated].sort())
})
