// The parent area's test harness: a parent signing up or in through the real screens (the real Auth
// emulator), real PNG photos made here, the child form filled in, and Cloud Storage and Firestore's REST
// API answered by Playwright routes that speak their protocols (their emulators need Java 21: see
// docs/decisions/0006-emulators-that-cannot-run-everywhere.md). Firestore's own server stays
// unreachable: the SDK keeps records in its persistent cache and queue, which tests read back.
import { deflateSync } from 'node:zlib'
import type { BrowserContext, Locator, Page, Request, Route, TestInfo } from '@playwright/test'
import { queuedFirestoreWrites } from './firestore-offline'
import { type AppPage, expect } from './fixtures'

export const PASSWORD = 'sunbeam-secret-1'
export const STORAGE = 'http://127.0.0.1:9199'
export const BUCKET = 'demo-sunbeam.appspot.com'
const FIRESTORE_REST = 'http://127.0.0.1:8080/v1/projects/demo-sunbeam/databases/(default)/documents'

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
export function png(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
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

export function photoFiles(count: number, prefix = 'photo') {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: png(48, 36, COLOURS[i % COLOURS.length] ?? [0, 0, 0]),
  }))
}

// --- A parent ---

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `p-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

/** Signs a new parent up through /signup; resolves on 'My Profile' with their e-mail. */
export async function signUpFreshParent(app: AppPage, page: Page, testInfo: TestInfo, label: string) {
  const email = uniqueEmail(testInfo, label)
  await app.goto('/signup')
  await page.getByLabel('Name').fill('Ngozi Parent')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  // Loading Firebase and creating the account can take a while on a busy machine.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  return email
}

export async function signInThroughForm(app: AppPage, page: Page, email: string) {
  await app.goto('/login')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
}

/** Logout from /profile; `choice` answers the question asked when children still wait to upload. */
export async function signOutFromProfile(page: Page, choice?: 'Keep and sign out' | 'Delete and sign out') {
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  if (choice) await page.getByRole('alertdialog').getByRole('button', { name: choice }).click()
  await expect(page.getByText('Signed out successfully')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
}

/** The signed-in parent's uid, from the Auth emulator's session in the page. */
export async function currentUid(page: Page): Promise<string> {
  const uid = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const rows = await new Promise<{ value?: { uid?: string } }[]>((resolve, reject) => {
      const read = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll()
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    })
    db.close()
    return rows.find((row) => row.value?.uid)?.value?.uid ?? ''
  })
  expect(uid, 'a signed-in parent').not.toBe('')
  return uid
}

// --- The child form and Your Kids ---

export interface Child {
  readonly kidName: string
  readonly kidAge: string
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
}

export const amara: Child = {
  kidName: 'Amara Obi',
  kidAge: '4',
  parentName: 'Ngozi Obi',
  parentAge: '35',
  parentPhone: '+234 802 555 0101',
  address: '12 Palm Close\nOsongama Estate, Uyo',
}

export async function fillChild(page: Page, child: Child) {
  await page.getByLabel('Child Name').fill(child.kidName)
  await page.getByLabel('Child Age').fill(child.kidAge)
  await page.getByLabel('Parent Name').fill(child.parentName)
  await page.getByLabel('Parent Age').fill(child.parentAge)
  await page.getByLabel('Parent Phone').fill(child.parentPhone)
  await page.getByLabel('Address').fill(child.address)
}

/** The link of a child's card: its text starts with the child's name. */
export function cardLink(page: Page, name: string) {
  return page.getByRole('link', { name: new RegExp(`^${name} `) })
}

export function kidCard(page: Page, name: string) {
  return page.locator('.kids-list > li').filter({ has: cardLink(page, name) })
}

/** True once the image has really been decoded (not a broken image). */
export async function imageLoaded(selector: Locator) {
  await expect
    .poll(() =>
      selector.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
}

// --- Firebase ID tokens (the Auth emulator's are unsigned JWTs) ---

/** The claims of an `Authorization: Bearer|Firebase <token>` header's ID token, or null. */
function tokenClaims(header: string | undefined): Record<string, unknown> | null {
  const token = /^(?:Bearer|Firebase)\s+(.+)$/.exec(header ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  } catch {
    return null
  }
}

/** The uid an `Authorization: Bearer|Firebase <token>` header speaks for, or null. */
export function tokenUid(header: string | undefined): string | null {
  const claims = tokenClaims(header)
  const uid = claims?.user_id ?? claims?.sub
  return typeof uid === 'string' ? uid : null
}

/**
 * A photo's owner, from its path, as storage.rules reads it: images/{uid}/{name} (a folder per parent),
 * or the flat images/{uid}-{name} of before the folders (the part before the first '-').
 */
export function ownerOfPath(path: string): string {
  const rest = path.replace(/^images\//, '')
  const slash = rest.indexOf('/')
  return slash >= 0 ? rest.slice(0, slash) : (rest.split('-')[0] ?? '')
}

/** A name in a parent's folder as the app makes it (storage.rules: the same pattern). */
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}-[A-Za-z0-9]{20}$/
/** A new flat name as the app made it before the folders (storage.rules: the same pattern). */
const FLAT_NAME = /^[^/]+-[A-Za-z0-9._-]{1,80}-[A-Za-z0-9]{20}$/

/** Whether storage.rules lets this upload create (or overwrite) `path`: owner, name, type and size. */
function mayWritePhoto(path: string, uid: string, exists: boolean, contentType: string, size: number) {
  const rest = path.replace(/^images\//, '')
  if (!path.startsWith('images/') || ownerOfPath(path) !== uid) return false
  if (!['image/jpeg', 'image/png'].includes(contentType) || size < 1 || size > 5 * 1024 * 1024) return false
  const parts = rest.split('/')
  if (parts.length === 2) return FOLDER_NAME.test(parts[1] ?? '')
  if (parts.length !== 1 || rest.length <= uid.length + 1) return false
  return exists || FLAT_NAME.test(rest)
}

// --- Cloud Storage, answered like the Storage emulator (its REST protocol) ---

export interface StorageRequest {
  readonly method: string
  readonly path: string
  /** Whose token the request carried (null: none). */
  readonly uid: string | null
}

export interface StorageHarness {
  readonly objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | null }>
  readonly requests: StorageRequest[]
  readonly uploads: string[]
  readonly deleted: string[]
  readonly downloads: string[]
  /** Holds the next `count` uploads (after the first `skip`) until the returned release() is called. */
  holdUploads(options?: { skip?: number; count?: number }): () => void
  /** Refuses every request as if the server could not be reached (or stops refusing). */
  refuse(refusing: boolean): void
  /** The folders listed (images/{uid}), one entry a list call. */
  readonly lists: string[]
  /**
   * Puts a photo in place as another device (or the app before) left it, without this page knowing:
   * what 'Delete my account' must still find.
   */
  put(path: string, body?: Buffer, contentType?: string): void
}

/**
 * Answers Cloud Storage's REST calls as storage.rules would. Photos are private: uploads, reads and
 * deletes are refused (403) unless they carry the token of the photo's owner; staff (claim staff: true)
 * only read. An upload must have a name in the app's format, be image/jpeg or image/png and 1 byte to
 * 5 MB. A parent lists their own folder, images/{uid}/, and nothing else.
 */
export async function answerStorage(target: Page | BrowserContext): Promise<StorageHarness> {
  const objects: StorageHarness['objects'] = new Map()
  const requests: StorageRequest[] = []
  const uploads: string[] = []
  const deleted: string[] = []
  const downloads: string[] = []
  const lists: string[] = []
  let refusing = false
  let hold: { skip: number; count: number; gate: Promise<void> } | null = null
  let seenUploads = 0
  const cors = (request: Request) => ({
    'access-control-allow-origin': request.headers().origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
    'access-control-expose-headers':
      'x-goog-upload-status, x-goog-upload-url, x-goog-upload-chunk-granularity',
  })
  const metadata = (name: string, size: number, contentType: string, cacheControl: string | null) => ({
    kind: 'storage#object',
    name,
    bucket: BUCKET,
    generation: '1',
    metageneration: '1',
    contentType,
    cacheControl,
    timeCreated: new Date().toISOString(),
    updated: new Date().toISOString(),
    storageClass: 'STANDARD',
    size: String(size),
    md5Hash: 'c3VuYmVhbQ==',
    contentEncoding: 'identity',
    contentDisposition: 'inline',
    crc32c: 'AAAAAA==',
    etag: 'sunbeam',
  })
  await target.route(`${STORAGE}/v0/b/**`, (route: Route) =>
    // A request the page gave up (sign-out, reload) while it was held cannot be answered any more.
    answer(route).catch(() => undefined),
  )
  async function answer(route: Route) {
    const request = route.request()
    const headers = cors(request)
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers })
    if (refusing) return route.abort('connectionrefused')
    const url = new URL(request.url())
    const uid = tokenUid(request.headers().authorization)
    const staff = tokenClaims(request.headers().authorization)?.staff === true
    // A list call: GET /v0/b/{bucket}/o?prefix=images/{uid}/&delimiter=/ (the SDK's list and listAll).
    if (request.method() === 'GET' && url.pathname === `/v0/b/${BUCKET}/o`) {
      const prefix = url.searchParams.get('prefix') ?? ''
      const folder = prefix.replace(/\/$/, '')
      requests.push({ method: 'LIST', path: folder, uid })
      const own = uid !== null && folder === `images/${uid}` && prefix === `${folder}/`
      if (!own) return route.fulfill({ status: 403, headers, body: '{"error":{"code":403}}' })
      lists.push(folder)
      const items: { name: string; bucket: string }[] = []
      const prefixes = new Set<string>()
      for (const name of [...objects.keys()].sort()) {
        if (!name.startsWith(prefix)) continue
        const rest = name.slice(prefix.length)
        if (rest.includes('/')) prefixes.add(`${prefix}${rest.split('/')[0]}/`)
        else items.push({ name, bucket: BUCKET })
      }
      return route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: [...prefixes], items }),
      })
    }
    const path =
      request.method() === 'POST'
        ? (url.searchParams.get('name') ?? '')
        : decodeURIComponent(url.pathname.replace(`/v0/b/${BUCKET}/o/`, ''))
    requests.push({ method: request.method(), path, uid })
    const owned = uid !== null && ownerOfPath(path) === uid
    if (request.method() === 'POST') {
      const held = hold
      seenUploads += 1
      if (held && seenUploads > held.skip && seenUploads <= held.skip + held.count) {
        await held.gate
      }
      if (!owned) return route.fulfill({ status: 403, headers, body: '{"error":{"code":403}}' })
      // A multipart upload: a JSON metadata part, then the bytes.
      const boundary = /boundary=([^;]+)/.exec(request.headers()['content-type'] ?? '')?.[1] ?? ''
      const raw = request.postDataBuffer() ?? Buffer.alloc(0)
      const parts = raw.toString('latin1').split(`--${boundary}`)
      const meta = JSON.parse((parts[1] ?? '').split('\r\n\r\n')[1] ?? '{}') as { cacheControl?: string }
      const filePart = parts[2] ?? ''
      const headerEnd = filePart.indexOf('\r\n\r\n')
      const contentType =
        /Content-Type:\s*([^\r\n]+)/i.exec(filePart.slice(0, headerEnd))?.[1] ?? 'image/jpeg'
      const body = Buffer.from(filePart.slice(headerEnd + 4, filePart.length - 2), 'latin1')
      if (!mayWritePhoto(path, uid ?? '', objects.has(path), contentType, body.length))
        return route.fulfill({ status: 403, headers, body: '{"error":{"code":403}}' })
      objects.set(path, { body, contentType, cacheControl: meta.cacheControl ?? null })
      uploads.push(path)
      return route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(metadata(path, body.length, contentType, meta.cacheControl ?? null)),
      })
    }
    // Staff read (get) any child photo, and do nothing else.
    const readsAsStaff = staff && request.method() === 'GET' && path.startsWith('images/')
    if (!owned && !readsAsStaff)
      return route.fulfill({ status: 403, headers, body: '{"error":{"code":403}}' })
    const stored = objects.get(path)
    if (request.method() === 'DELETE') {
      deleted.push(path)
      objects.delete(path)
      return route.fulfill({ status: stored ? 204 : 404, headers })
    }
    if (!stored) return route.fulfill({ status: 404, headers, body: '{}' })
    if (url.searchParams.get('alt') === 'media') {
      downloads.push(path)
      return route.fulfill({
        status: 200,
        headers: {
          ...headers,
          'content-type': stored.contentType,
          'cache-control': stored.cacheControl ?? '',
        },
        body: stored.body,
      })
    }
    return route.fulfill({
      status: 200,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(metadata(path, stored.body.length, stored.contentType, stored.cacheControl)),
    })
  }
  return {
    objects,
    requests,
    uploads,
    deleted,
    downloads,
    holdUploads({ skip = 0, count = 1 } = {}) {
      let release = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      seenUploads = 0
      hold = { skip, count, gate }
      return () => {
        hold = null
        release()
      }
    },
    refuse(next) {
      refusing = next
    },
    lists,
    put(path, body = png(8, 8, [60, 170, 90]), contentType = 'image/png') {
      objects.set(path, { body, contentType, cacheControl: 'private, no-store' })
    },
  }
}

// --- Firestore's REST API ('Download my data' and 'Delete my account' ask the server directly) ---

/** A document in Firestore's REST encoding (what runQuery answers with). */
export interface RestDocument {
  readonly fields: Record<string, unknown>
}

export interface FirestoreRestHarness {
  /** What the server holds, by document path below /documents/ ('kids/{id}', 'users/{uid}'). */
  readonly documents: Map<string, RestDocument>
  /** DELETEs the server received (document paths below /documents/). */
  readonly deletes: string[]
  /** Refuses every request as if the server could not be reached (or stops refusing). */
  refuse(refusing: boolean): void
}

/**
 * Answers Firestore's REST calls like a server holding `documents` (empty at first: in the suite the
 * SDK's writes wait in its queue). runQuery answers the kids whose userRef is the caller's uid; a DELETE
 * removes a document, and only its owner may make one, as firestore.rules says.
 */
export async function answerFirestoreRest(target: Page | BrowserContext): Promise<FirestoreRestHarness> {
  const documents = new Map<string, RestDocument>()
  const deletes: string[] = []
  let refusing = false
  const ownerOf = (path: string) => {
    if (path.startsWith('users/')) return path.slice('users/'.length)
    const userRef = documents.get(path)?.fields.userRef as { stringValue?: string } | undefined
    return userRef?.stringValue ?? null
  }
  await target.route(`${FIRESTORE_REST}**`, async (route) => {
    const request = route.request()
    const headers = {
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
    }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers })
    if (refusing) return route.abort('connectionrefused')
    const uid = tokenUid(request.headers().authorization)
    if (!uid) return route.fulfill({ status: 403, headers, body: '{}' })
    const json = (body: unknown) =>
      route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const url = new URL(request.url())
    const path = decodeURIComponent(url.pathname.split('/documents')[1] ?? '').replace(/^\//, '')
    if (request.method() === 'DELETE') {
      const owner = ownerOf(path)
      if (owner !== null && owner !== uid) return route.fulfill({ status: 403, headers, body: '{}' })
      deletes.push(path)
      documents.delete(path)
      return json({})
    }
    if (url.pathname.endsWith(':runQuery')) {
      const mine = [...documents].filter(
        ([name, document]) =>
          name.startsWith('kids/') &&
          (document.fields.userRef as { stringValue?: string } | undefined)?.stringValue === uid,
      )
      const readTime = new Date().toISOString()
      if (mine.length === 0) return json([{ readTime }])
      return json(
        mine.map(([name, document]) => ({
          document: {
            name: `projects/demo-sunbeam/databases/(default)/documents/${name}`,
            fields: document.fields,
            createTime: readTime,
            updateTime: readTime,
          },
          readTime,
        })),
      )
    }
    return route.fulfill({ status: 404, headers, body: '{}' })
  })
  return {
    documents,
    deletes,
    refuse(next) {
      refusing = next
    },
  }
}

/** How many child cards 'Your Kids' shows right now (0 when the profile is not on screen). */
export function childCardCount(page: Page): Promise<number> {
  return page.evaluate(() =>
    document.querySelector('h1')?.textContent === 'My Profile'
      ? document.querySelectorAll('.kids-list > li').length
      : -1,
  )
}

// --- Firestore's queue of writes (its server is unreachable in the suite) ---

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

export interface QueuedKidWrite {
  /** The account Firestore queued the write for. */
  readonly userId: string
  readonly fields: Record<string, unknown>
  /** The same fields in Firestore's REST encoding, as the server would store them. */
  readonly restFields: Record<string, unknown>
  readonly serverTimestamp: boolean
}

/** Firestore's queued writes of kids/{kidId} (every kid when omitted), fields as plain values. */
export async function queuedKidWrites(
  page: Page,
  kidId?: string,
): Promise<(QueuedKidWrite & { kidId: string })[]> {
  const writes: (QueuedKidWrite & { kidId: string })[] = []
  for (const write of await queuedFirestoreWrites(page)) {
    const update = write.update as { name?: string; fields?: Record<string, FirestoreValue> } | undefined
    const id = /\/documents\/kids\/([^/]+)$/.exec(update?.name ?? '')?.[1]
    if (!id || (kidId && id !== kidId)) continue
    const fields = Object.fromEntries(
      Object.entries(update?.fields ?? {}).map(([k, v]) => [k, plainValue(v)]),
    )
    writes.push({
      kidId: id,
      userId: String(write.userId ?? ''),
      fields,
      restFields: update?.fields ?? {},
      serverTimestamp: JSON.stringify(write).includes('REQUEST_TIME'),
    })
  }
  return writes
}
