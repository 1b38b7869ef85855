// A parent's data stays theirs, on the production build in Chromium: signing out leaves nothing of them
// on a shared phone, 'Download my data' hands them one zip file of everything, and 'Delete my account'
// removes every photo, record and the sign-in itself (or says exactly what is left). The real Auth
// emulator; Storage and Firestore's REST API answered by the harness (e2e/storage-fake.ts, e2e/firestore-rest-fake.ts); Firestore's
// own server unreachable (records wait in the SDK's queue).
import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { deviceData, mentions } from './device-data'
import { answerConnectivityProbe, firestoreUnreachable, queuedKidWrites } from './firestore-offline'
import { answerFirestoreRest } from './firestore-rest-fake'
import { expect, test } from './fixtures'
import { ONLINE_AUTH_PORT } from './online-world'
import { amara, cardLink, imageLoaded, kidCard, PASSWORD } from './parent-steps'
import { answerStorage } from './storage-fake'

// The suite's Auth emulator (E2E_AUTH_PORT when a second copy of the suite runs beside this one).
const AUTH_EMULATOR = `http://127.0.0.1:${ONLINE_AUTH_PORT}`

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

/** What the Auth emulator answers to signing in with e-mail and password (the app's own call). */
async function emulatorSignIn(request: APIRequestContext, email: string) {
  const response = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password: PASSWORD, returnSecureToken: true } },
  )
  const body = (await response.json()) as { localId?: string; error?: { message?: string } }
  return { ok: response.ok(), uid: body.localId ?? null, error: body.error?.message ?? null }
}

test('after sign-out, nothing on the device holds the former parent’s children, photo paths or uid', async ({
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  const storage = await answerStorage(page)
  const { email } = await parent.signUp({ label: 'leaves-nothing' })
  const uid = await parent.uid()

  // One child sent (photos uploaded, the record in Firestore's cache and queue), its detail viewed (the
  // photos' copies on the device); one still waiting in the outbox, its photos on the device only.
  const { kidId: sentId } = await parent.addChild({ kidName: 'Zainab Bello', photos: 2 })
  await expect.poll(() => storage.uploads.length).toBe(2)
  await cardLink(page, 'Zainab Bello').click()
  await imageLoaded(page.getByRole('img', { name: 'Photo 1 of 2 of Zainab Bello' }).first())
  await page.getByRole('link', { name: 'Back to profile' }).click()
  storage.refuse(true)
  await parent.addChild({ kidName: 'Tobi Adeyemi', photos: 1 })
  await expect(kidCard(page, 'Tobi Adeyemi')).toContainText('Waiting to upload')

  const secrets = [uid, email, 'Zainab Bello', 'Tobi Adeyemi', amara.parentName, 'Palm Close', sentId]
  secrets.push(...storage.uploads)
  // Before: the device does hold them (else the check below would prove nothing).
  const before = mentions(await deviceData(page), secrets)
  for (const secret of ['Zainab Bello', 'Tobi Adeyemi', uid, ...storage.uploads])
    expect(
      before.some((found) => found.startsWith(secret)),
      `${secret} on the device before`,
    ).toBe(true)

  await parent.signOut({ waitingChildren: 'delete' })
  expect(mentions(await deviceData(page), secrets)).toEqual([])

  // The next parent on this phone starts clean, and finds nothing of the first either.
  storage.refuse(false)
  await parent.signUp({ label: 'next-on-phone' })
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  expect(mentions(await deviceData(page), secrets)).toEqual([])
})

test("'Download my data' gives one zip file with the account, every child's record and every photo", async ({
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  const storage = await answerStorage(page)
  const { email } = await parent.signUp({ label: 'download' })
  const uid = await parent.uid()
  await parent.addChild({ kidName: 'Chidi Eze', photos: 2 })
  await expect.poll(() => storage.uploads.length).toBe(2)
  // A second child still waiting on this device (Storage unreachable) is in the file too.
  storage.refuse(true)
  await parent.addChild({ kidName: 'Efe Okon', photos: 1 })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ])
  await expect(page.getByText('Your data is downloaded.')).toBeVisible()
  expect(download.suggestedFilename()).toMatch(/^sunbeam-my-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(readFileSync(await download.path()))
  const json = (name: string) =>
    JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as Record<string, unknown>

  // One folder a child, numbered in the order of 'Your Kids' (the newest first).
  const folders = { chidi: 'children/02-Chidi-Eze', efe: 'children/01-Efe-Okon' }
  expect(Object.keys(files).sort()).toEqual([
    'README.txt',
    'account.json',
    `${folders.efe}/child.json`,
    `${folders.efe}/photo-1-cover.jpg`,
    `${folders.chidi}/child.json`,
    `${folders.chidi}/photo-1-cover.jpg`,
    `${folders.chidi}/photo-2.jpg`,
    // The centre's notices to this parent (none yet in this world: an empty list, decision 0030).
    'notices.json',
  ])
  expect(json('notices.json')).toEqual([])
  expect(json('account.json')).toEqual({ uid, name: 'Ngozi Parent', email })
  expect(json(`${folders.chidi}/child.json`)).toMatchObject({
    kidName: 'Chidi Eze',
    kidAge: '',
    kidBirthMonth: expect.stringMatching(/^\d{4}-\d{2}$/),
    parentName: amara.parentName,
    parentPhone: amara.parentPhone,
    address: amara.address,
    plan: 'Monthly',
    photos: ['photo-1-cover.jpg', 'photo-2.jpg'],
    status: 'saved',
  })
  expect(json(`${folders.efe}/child.json`)).toMatchObject({
    kidName: 'Efe Okon',
    photos: ['photo-1-cover.jpg'],
    status: 'waiting on this device',
  })
  // The sent child's photos are the very bytes in Storage (in the cover's order); every photo a JPEG.
  const [first, second] = storage.uploads.map((path) => storage.objects.get(path)?.body)
  expect(Buffer.from(files[`${folders.chidi}/photo-1-cover.jpg`] ?? [])).toEqual(first)
  expect(Buffer.from(files[`${folders.chidi}/photo-2.jpg`] ?? [])).toEqual(second)
  for (const [name, bytes] of Object.entries(files))
    if (name.endsWith('.jpg')) expect([...bytes.slice(0, 3)], name).toEqual([0xff, 0xd8, 0xff])
  expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('Every photo is included.')
})

test.describe('deleting the account', () => {
  // A wrong password is refused by the Auth emulator with HTTP 400, which Chromium logs.
  test.use({
    allowedConsoleErrors: [
      new RegExp(
        `${firestoreUnreachable.source}|^Failed to load resource: the server responded with a status of 400 \\(Bad Request\\)$`,
      ),
    ],
  })

  test("'Delete my account' asks for the password, says what is left when the connection drops, then removes everything", async ({
    app,
    page,
    request,
    parent,
  }) => {
    test.setTimeout(120_000)
    const storage = await answerStorage(page)
    const server = await answerFirestoreRest(page)
    const { email } = await parent.signUp({ label: 'delete' })
    const uid = await parent.uid()
    const { kidId } = await parent.addChild({ kidName: 'Ada Nwosu', photos: 2 })
    await expect.poll(() => storage.uploads.length).toBe(2)
    const photos = [...storage.uploads]
    // The server holds what this device sent: the child's record and the parent's user record.
    const [write] = await queuedKidWrites(page, kidId)
    expect(write).toBeDefined()
    server.documents.set(`kids/${kidId}`, { fields: write?.restFields ?? {} })
    server.documents.set(`users/${uid}`, { fields: { name: { stringValue: 'Ngozi Parent' } } })

    await page.getByRole('button', { name: 'Delete my account' }).click()
    const form = page.getByRole('form', { name: 'Delete my account' })
    await expect(form).toContainText('every child you registered with their details and photos')
    await expect(form.getByLabel('Your password')).toBeFocused()

    // A wrong password deletes nothing.
    await form.getByLabel('Your password').fill('not-my-password')
    await form.getByRole('button', { name: 'Delete my account' }).click()
    await expect(form.getByText('That password is not right')).toBeVisible()
    expect(storage.deleted).toEqual([])
    expect(server.deletes).toEqual([])

    // The connection drops before the photos go: the parent is told exactly what is left, and stays.
    storage.refuse(true)
    await form.getByLabel('Your password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Delete my account' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Not deleted yet: 2 photos and 1 child record. Your sign-in account is kept so you can finish this: try again when you have a good connection.',
      // Storage's SDK retries a refused request for up to 10 s before it gives up.
      { timeout: 20_000 },
    )
    await expect(page).toHaveURL(/\/profile$/)
    expect((await emulatorSignIn(request, email)).uid).toBe(uid)

    // Run again with the connection back: it finds what remains on the server and deletes it.
    storage.refuse(false)
    await form.getByLabel('Your password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByText('Your account and all your data have been deleted.')).toBeVisible({
      timeout: 20_000,
    })
    await expect(page).toHaveURL(/:\d+\/$/)
    expect([...storage.deleted].sort()).toEqual([...photos].sort())
    expect(storage.objects.size).toBe(0)
    expect(server.deletes.sort()).toEqual([`kids/${kidId}`, `users/${uid}`].sort())
    expect(server.documents.size).toBe(0)
    expect(await emulatorSignIn(request, email)).toMatchObject({ ok: false, error: 'EMAIL_NOT_FOUND' })
    expect(mentions(await deviceData(page), [uid, email, 'Ada Nwosu', ...photos])).toEqual([])

    // Signing in through the app is refused too.
    await app.goto('/login')
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Bad User Credentials')).toBeVisible()
  })
})
