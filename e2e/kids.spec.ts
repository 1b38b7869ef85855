// Child records, as a parent uses them, on the production build in Chromium: the real Auth emulator
// (127.0.0.1:9099), the real Firestore SDK with its server unreachable (nothing on 8080: records live in
// its persistent cache and queue), and Cloud Storage either unreachable (nothing on 9199) or answered by
// Playwright routes that speak its REST protocol. The outbox is the app's own code throughout.
import { deflateSync } from 'node:zlib'
import type { Locator, Page, Request, Route, TestInfo } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable, queuedFirestoreWrites } from './firestore-offline'
import { appPage, expect, test } from './fixtures'

const PASSWORD = 'sunbeam-secret-1'
const STORAGE = 'http://127.0.0.1:9199'
const BUCKET = 'demo-sunbeam.appspot.com'

// Firestore's SDK keeps trying its absent server (Storage's absent emulator is refused the same way):
// only those offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

// --- Small real PNGs, made here (no fixtures on disk) ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A width x height PNG in one colour. */
function png(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3)
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const COLOURS: readonly (readonly [number, number, number])[] = [
  [240, 120, 40],
  [40, 140, 200],
  [60, 170, 90],
  [200, 60, 120],
  [250, 200, 60],
  [120, 80, 200],
  [90, 90, 90],
]

function photoFiles(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `photo-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: png(48, 36, COLOURS[i % COLOURS.length] ?? [0, 0, 0]),
  }))
}

// --- Helpers ---

function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `c-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

async function signUpFreshParent(page: Page, testInfo: TestInfo, label: string) {
  const app = appPage(page)
  await app.goto('/signup')
  await page.getByLabel('Name').fill('Ngozi Parent')
  await page.getByLabel('Email').fill(uniqueEmail(testInfo, label))
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  // Loading Firebase and creating the account can take a while on a busy machine.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
}

interface Child {
  readonly kidName: string
  readonly kidAge: string
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
}

const amara: Child = {
  kidName: 'Amara Obi',
  kidAge: '4',
  parentName: 'Ngozi Obi',
  parentAge: '35',
  parentPhone: '+234 802 555 0101',
  address: '12 Palm Close\nOsongama Estate, Uyo',
}

async function fillChild(page: Page, child: Child) {
  await page.getByLabel('Child Name').fill(child.kidName)
  await page.getByLabel('Child Age').fill(child.kidAge)
  await page.getByLabel('Parent Name').fill(child.parentName)
  await page.getByLabel('Parent Age').fill(child.parentAge)
  await page.getByLabel('Parent Phone').fill(child.parentPhone)
  await page.getByLabel('Address').fill(child.address)
}

/** The link of a child's card: its text starts with the child's name. */
function cardLink(page: Page, name: string) {
  return page.getByRole('link', { name: new RegExp(`^${name} `) })
}

function kidCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: cardLink(page, name) })
}

/** True once the image has really been decoded (not a broken image). */
async function imageLoaded(selector: Locator) {
  await expect
    .poll(() =>
      selector.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
}

// --- Tests ---

test('a parent adds a child with 2 photos offline, reloads, views, edits and deletes it', async ({
  app,
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000)
  await signUpFreshParent(page, testInfo, 'journey')
  // Spec: the list appears only when there are children.
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page).toHaveURL(/\/add-kid$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  // The spec's defaults: Male, No, Monthly; and the cover hint.
  await expect(page.getByLabel('Child Gender')).toHaveValue('Male')
  await expect(page.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByLabel('Plan')).toHaveValue('Monthly')
  await expect(page.getByText('The first image will be the cover, max 6')).toBeVisible()

  await fillChild(page, amara)
  await page.getByLabel('Child Gender').selectOption('Female')
  await page.getByRole('button', { name: 'Yes' }).click()
  await page.getByLabel('Plan').selectOption('Weekly')
  await page.getByLabel('Images').setInputFiles(photoFiles(2))

  // Offline: the submission is accepted at once and waits in the outbox.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(page.getByText('Child added')).toBeVisible()
  await expect(page.getByText('It will upload when you are back online.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  let card = kidCard(page, amara.kidName)
  await expect(card).toContainText('Female')
  await expect(card).toContainText('Weekly Plan')
  await expect(card).toContainText('Waiting to upload')

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

  // Edit it online, with Storage still unreachable: the queued submission is updated (photos kept), the
  // upload fails for now, and the screen says so and lets the parent go.
  await page.getByRole('link', { name: 'Edit child' }).click()
  await expect(page).toHaveURL(new RegExp(`/edit-kid/${kidId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Child Info' })).toBeVisible()
  await expect(page.getByLabel('Child Name')).toHaveValue(amara.kidName)
  await expect(page.getByLabel('Child Gender')).toHaveValue('Female')
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByLabel('Plan')).toHaveValue('Weekly')
  await expect(page.getByLabel('Address')).toHaveValue(amara.address)
  await expect(page.getByRole('list', { name: 'Current photos' }).getByRole('img')).toHaveCount(2)
  await page.getByLabel('Child Name').fill('  Amara Grace Obi  ')
  await page.getByLabel('Plan').selectOption('Daily')
  await page.getByRole('button', { name: 'Edit Child' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saving your child' })).toBeVisible()
  await expect(page.getByText('Images not uploaded')).toBeVisible({ timeout: 30_000 })
  await expect(
    page.getByText('It is kept on this device and will upload automatically when the connection is back.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  card = kidCard(page, 'Amara Grace Obi')
  await expect(card).toContainText('Daily Plan')
  await expect(card).toContainText('Waiting to upload')
  await expect(page.locator('.kids-list > li')).toHaveCount(1) // updated, not added
  await imageLoaded(card.locator('img.kid-card-cover'))

  // Delete it: confirm, gone from the list (which then disappears), toast.
  let asked = ''
  page.once('dialog', (dialog) => {
    asked = dialog.message()
    void dialog.accept()
  })
  await card.getByRole('button', { name: 'Delete Amara Grace Obi' }).click()
  await expect(page.getByText('Successfully deleted child')).toBeVisible()
  expect(asked).toBe('Are you sure you want to delete?')
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
}, testInfo) => {
  await app.goto('/add-kid')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadd-kid$/)
  await app.goto('/kid/someChildId')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkid%2FsomeChildId$/)
  await app.goto('/edit-kid/someChildId')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fedit-kid%2FsomeChildId$/)
  // After signing up the parent may go on; another parent's or a missing child is 'Child does not exist'.
  await signUpFreshParent(page, testInfo, 'guard')
  await app.goto('/edit-kid/someChildId')
  await expect(page.getByText('Child does not exist')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('7 photos give Max 6 images and nothing is queued', async ({ app, page }, testInfo) => {
  await signUpFreshParent(page, testInfo, 'max6')
  await app.goto('/add-kid')
  await fillChild(page, amara)
  await page.getByLabel('Images').setInputFiles(photoFiles(7))
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(page.getByText('Max 6 images').first()).toBeVisible()
  await expect(page).toHaveURL(/\/add-kid$/)
  await expect(page.getByRole('status').filter({ hasText: 'Saving your child' })).toHaveCount(0)
  await app.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
})

/** Answers Cloud Storage's REST calls like the Storage emulator does, keeping what was uploaded. */
async function answerStorage(page: Page) {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const deleted: string[] = []
  const uploads: string[] = []
  // While set, the second upload waits for it (to see the overlay's progress between the two photos).
  let holdSecond: Promise<void> | null = null
  const cors = (request: Request) => ({
    'access-control-allow-origin': request.headers().origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
    'access-control-expose-headers':
      'x-goog-upload-status, x-goog-upload-url, x-goog-upload-chunk-granularity',
  })
  const metadata = (name: string, size: number, contentType: string) => ({
    kind: 'storage#object',
    name,
    bucket: BUCKET,
    generation: '1',
    metageneration: '1',
    contentType,
    timeCreated: new Date().toISOString(),
    updated: new Date().toISOString(),
    storageClass: 'STANDARD',
    size: String(size),
    md5Hash: 'c3VuYmVhbQ==',
    contentEncoding: 'identity',
    contentDisposition: 'inline',
    crc32c: 'AAAAAA==',
    etag: 'sunbeam',
    downloadTokens: `token-${name.length}`,
  })
  await page.route(`${STORAGE}/v0/b/**`, async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    const headers = cors(request)
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers })
    if (request.method() === 'POST') {
      if (uploads.length === 1 && holdSecond) await holdSecond
      // A multipart upload: a JSON metadata part, then the bytes.
      const name = url.searchParams.get('name') ?? ''
      const boundary = /boundary=([^;]+)/.exec(request.headers()['content-type'] ?? '')?.[1] ?? ''
      const raw = request.postDataBuffer() ?? Buffer.alloc(0)
      const parts = raw.toString('latin1').split(`--${boundary}`)
      const filePart = parts[2] ?? ''
      const headerEnd = filePart.indexOf('\r\n\r\n')
      const contentType =
        /Content-Type:\s*([^\r\n]+)/i.exec(filePart.slice(0, headerEnd))?.[1] ?? 'image/jpeg'
      const body = Buffer.from(filePart.slice(headerEnd + 4, filePart.length - 2), 'latin1')
      objects.set(name, { body, contentType })
      uploads.push(name)
      return route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(metadata(name, body.length, contentType)),
      })
    }
    const name = decodeURIComponent(url.pathname.replace(`/v0/b/${BUCKET}/o/`, ''))
    const stored = objects.get(name)
    if (request.method() === 'DELETE') {
      deleted.push(name)
      objects.delete(name)
      return route.fulfill({ status: stored ? 204 : 404, headers })
    }
    if (!stored) return route.fulfill({ status: 404, headers, body: '{}' })
    if (url.searchParams.get('alt') === 'media')
      return route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': stored.contentType },
        body: stored.body,
      })
    return route.fulfill({
      status: 200,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(metadata(name, stored.body.length, stored.contentType)),
    })
  })
  return {
    objects,
    uploads,
    deleted,
    holdSecondUpload() {
      let release = () => {}
      holdSecond = new Promise<void>((resolve) => {
        release = resolve
      })
      return () => {
        holdSecond = null
        release()
      }
    },
  }
}

interface QueuedKidWrite {
  readonly fields: Record<string, unknown>
  readonly serverTimestamp: boolean
}

type FirestoreValue = {
  stringValue?: string
  booleanValue?: boolean
  arrayValue?: { values?: FirestoreValue[] }
}

function plainValue(value: FirestoreValue): unknown {
  return value.arrayValue
    ? (value.arrayValue.values ?? []).map(plainValue)
    : (value.stringValue ?? value.booleanValue)
}

/** Firestore's queued writes of kids/{kidId}, with their fields as plain values. */
async function queuedKidWrites(page: Page, kidId: string): Promise<QueuedKidWrite[]> {
  const writes: QueuedKidWrite[] = []
  for (const write of await queuedFirestoreWrites(page)) {
    const update = write.update as { name?: string; fields?: Record<string, FirestoreValue> } | undefined
    if (!update?.name?.endsWith(`/documents/kids/${kidId}`)) continue
    const fields = Object.fromEntries(Object.entries(update.fields ?? {}).map(([k, v]) => [k, plainValue(v)]))
    writes.push({ fields, serverTimestamp: JSON.stringify(write).includes('REQUEST_TIME') })
  }
  return writes
}

test('with Storage answering, a child goes through the sender into Firestore and shows as saved', async ({
  app,
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const storage = await answerStorage(page)
  await signUpFreshParent(page, testInfo, 'sent')
  await app.goto('/add-kid')
  await fillChild(page, { ...amara, kidName: 'Chidi Eze' })
  await page.getByLabel('Images').setInputFiles(photoFiles(2))
  const releaseSecond = storage.holdSecondUpload()
  await page.getByRole('button', { name: 'Add Child' }).click()
  // The overlay shows the upload's progress: one photo of two is up.
  const overlay = page.getByRole('status').filter({ hasText: 'Saving your child' })
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50')
  releaseSecond()
  await expect(page.getByText('Child added')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)

  // Both photos went up, scaled and re-encoded on the device, to images/{uid}-{file}-{random id}.
  expect(storage.uploads).toHaveLength(2)
  for (const name of storage.uploads)
    expect(name).toMatch(/^images\/[A-Za-z0-9]+-photo-[12]\.jpg-[A-Za-z0-9]{20}$/)
  expect([...storage.objects.values()].every((object) => object.contentType === 'image/jpeg')).toBe(true)

  const card = kidCard(page, 'Chidi Eze')
  await expect(card).toContainText('Monthly Plan')
  await expect(card).toContainText('Male')
  await expect(card.getByText('Waiting to upload')).toHaveCount(0)
  const cover = card.locator('img.kid-card-cover')
  await expect(cover).toHaveAttribute(
    'src',
    new RegExp(`^${STORAGE}/v0/b/${BUCKET}/o/images%2F.*alt=media&token=`),
  )
  await imageLoaded(cover)

  // The record is in Firestore's persistent queue (its server is unreachable), written once, with the
  // server's time and its owner; a reload still shows it as saved, not waiting.
  const kidId = (await cardLink(page, 'Chidi Eze').getAttribute('href'))?.split('/').pop() ?? ''
  const writes = await queuedKidWrites(page, kidId)
  expect(writes).toHaveLength(1)
  expect(writes[0]?.serverTimestamp).toBe(true)
  expect(writes[0]?.fields).toMatchObject({
    kidName: 'Chidi Eze',
    kidGender: 'Male',
    disability: false,
    plan: 'Monthly',
    address: amara.address,
  })
  expect(writes[0]?.fields.imgUrls).toEqual([
    expect.stringContaining(encodeURIComponent(storage.uploads[0] ?? '')),
    expect.stringContaining(encodeURIComponent(storage.uploads[1] ?? '')),
  ])
  expect(String(writes[0]?.fields.userRef)).toMatch(/^[A-Za-z0-9]+$/)
  await app.reload()
  await expect(kidCard(page, 'Chidi Eze')).toBeVisible()
  await expect(kidCard(page, 'Chidi Eze').getByText('Waiting to upload')).toHaveCount(0)
  await cardLink(page, 'Chidi Eze').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Chidi Eze' })).toBeVisible()
  await expect(page.locator('.kid-lines').getByText('Monthly Plan')).toBeVisible()
  await imageLoaded(page.getByRole('img', { name: 'Photo 1 of 2 of Chidi Eze' }).first())

  // Deleting a saved child removes the record and its photos from Storage.
  await app.goto('/profile')
  page.once('dialog', (dialog) => void dialog.accept())
  await kidCard(page, 'Chidi Eze').getByRole('button', { name: 'Delete Chidi Eze' }).click()
  await expect(page.getByText('Successfully deleted child')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  await expect.poll(() => storage.deleted.length).toBe(2)
  expect(storage.objects.size).toBe(0)
})
