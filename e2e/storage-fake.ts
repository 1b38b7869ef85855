// Cloud Storage answered by Playwright routes that speak the Storage emulator's REST protocol and
// decide as storage.rules does (owner, folder, name, type and size): the Storage emulator cannot run on
// every machine (docs/decisions/0006). Tests read what it holds and can hold or refuse requests to play
// a weak connection.
import type { BrowserContext, Page, Request, Route } from '@playwright/test'
import { tokenClaims, tokenUid } from './id-token'
import { png } from './pictures'

export const STORAGE = 'http://127.0.0.1:9199'
export const BUCKET = 'demo-sunbeam.appspot.com'

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
  const parts = rest.split('/')
  // A parent's folder also takes PDFs (an enrolment file's documents); a flat photo stays a photo.
  const types =
    parts.length === 2 ? ['image/jpeg', 'image/png', 'application/pdf'] : ['image/jpeg', 'image/png']
  if (!types.includes(contentType) || size < 1 || size > 5 * 1024 * 1024) return false
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
 * only read. An upload must have a name in the app's format, be image/jpeg or image/png (or, in a
 * parent's folder, application/pdf) and 1 byte to 5 MB. A parent lists their own folder, images/{uid}/, and nothing else.
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
