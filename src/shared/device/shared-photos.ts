// Photos shared to the installed app from the phone's share sheet (Web Share Target), kept on this
// device between the service worker, which receives them, and the add form, which attaches them
// (docs/decisions/0011-service-worker.md). Both sides use this module, so the storage format lives here
// only.
//
// The contract:
// - The manifest's `share_target` posts `multipart/form-data` to SHARE_TARGET_ACTION ('/share-target'),
//   the files in the SHARED_PHOTOS_FIELD ('photos') field.
// - The service worker takes a post only from the phone's share sheet or this site's own pages
//   (shareFromThisSite: never another site's form), reads at most MAX_SHARE_BYTES of it, and keeps the
//   images among them (JPEG or PNG, each at most MAX_PICKED_FILE_BYTES, the first MAX_KID_PHOTOS) with
//   storeSharedPhotos, which returns the share's id (sharedPhotosLeftOut: whether some were not); it answers with a
//   303 redirect to sharedPhotosTarget(id, note): `/add-kid?share=<id>`, or `/add-kid` when no image
//   could be kept, with `&shared=some-left-out` or `?shared=none-kept` when the add form must say why
//   (sharedPhotosNoteText).
// - The add form reads its `share` search parameter (isShareId says whether it is well formed), reads
//   the files with readSharedPhotos(id) (names, types and order as shared; an empty list when the share
//   is gone, the id malformed or the browser has no Cache Storage), attaches them to its photo picker as
//   if picked, then calls clearSharedPhotos(id).
// - Signing out calls clearSharedPhotos() with no id: no shared photo stays on the device.
// Shares nobody collected are dropped when a newer share arrives a day later or more.
//
// Where the browser has no share target, nothing posts to the worker and none of this runs; where it has
// no Cache Storage, reading finds nothing and the add form works as before.
import {
  acceptedPhotoType,
  MAX_KID_PHOTOS,
  MAX_PICKED_FILE_BYTES,
  photoMessages,
} from '#shared/records/kid-photos'
import { isShareId, type ShareNote } from './share-id'

/** The Cache Storage cache holding shared photos until the add form takes them. */
export const SHARED_PHOTOS_CACHE = 'sunbeam-shared-photos'
/** Where the share sheet posts (the manifest's share_target.action). */
export const SHARE_TARGET_ACTION = '/share-target'
/** The form field holding the shared files (the manifest's share_target.params.files name). */
export const SHARED_PHOTOS_FIELD = 'photos'
/** The add form's search parameter naming a share. */
export const SHARE_SEARCH_PARAM = 'share'
/** A share nobody collected is dropped when another arrives after this long. */
export const SHARED_PHOTOS_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** Each photo is kept as a response: its body the file, its type in Content-Type, and these. */
export const SHARED_PHOTO_NAME_HEADER = 'X-Sunbeam-File-Name'
const MODIFIED_HEADER = 'X-Sunbeam-Last-Modified'
const STORED_HEADER = 'X-Sunbeam-Stored-At'

const keyPrefix = `${SHARE_TARGET_ACTION}/photos/`

/** The cache key of a share's photo (`index` from 0, in the order shared): a same-origin address
 * nothing ever requests. */
export function sharedPhotoKey(shareId: string, index: number): string {
  return `${keyPrefix}${shareId}/${index}`
}

/** The share id and position an entry's address names, or null for anything else. */
function parseKey(url: string): { shareId: string; index: number } | null {
  const match = new RegExp(`^${keyPrefix}([^/]+)/(\\d+)$`).exec(
    new URL(url, 'https://sunbeam.invalid').pathname,
  )
  return match ? { shareId: match[1] as string, index: Number(match[2]) } : null
}

export { isShareId, isShareNote, type ShareNote } from './share-id'

/** The add form's search parameter saying why shared photos were left out. */
export const SHARE_NOTE_SEARCH_PARAM = 'shared'

/** The most a share's post is read (six of the largest photos the picker takes, and the form around them). */
export const MAX_SHARE_BYTES = MAX_KID_PHOTOS * MAX_PICKED_FILE_BYTES + 1024 * 1024

/** What the add form says about a share it got only part of, or none of. */
export function sharedPhotosNoteText(note: ShareNote): string {
  return note === 'some-left-out'
    ? `Some of the shared photos were left out: the form takes ${photoMessages.maxImages.toLowerCase()}, each 25 MB or smaller.`
    : `The shared photos were not kept: together they were larger than ${(MAX_KID_PHOTOS * MAX_PICKED_FILE_BYTES) / 1024 / 1024} MB. Please share at most ${MAX_KID_PHOTOS} photos at a time.`
}

/**
 * Where the worker sends the parent after a share: the add form, naming the share when there is one,
 * and why some or all of it was left out when that is so.
 */
export function sharedPhotosTarget(shareId: string | null, note: ShareNote | null = null): string {
  const search = new URLSearchParams()
  if (shareId) search.set(SHARE_SEARCH_PARAM, shareId)
  if (note) search.set(SHARE_NOTE_SEARCH_PARAM, note)
  const query = search.toString()
  return query ? `/add-kid?${query}` : '/add-kid'
}

/**
 * Whether a post to the share target may be taken: from this site's own pages, or from the phone's share
 * sheet, which the browser sends with no origin or an opaque one ('null') and no referrer. Never from
 * another site's form: Chromium shows the worker the Origin of a form's post. An opaque origin with no
 * referrer (a sandboxed frame) cannot be told from the share sheet: what it may post is bounded as any
 * share is, and lands in the add form, where the parent decides.
 */
export function shareFromThisSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get('Origin')
  if (origin !== null && origin !== 'null' && origin !== siteOrigin) return false
  // The fetch metadata, where a browser shows it to the worker: another site's post, or the same site's.
  const site = request.headers.get('Sec-Fetch-Site')
  if (site !== null && site !== 'same-origin' && site !== 'none') return false
  if (request.referrer && request.referrer !== 'about:client') {
    try {
      if (new URL(request.referrer).origin !== siteOrigin) return false
    } catch {
      return false
    }
  }
  return true
}

/**
 * The post's form, read no further than `maxBytes`: null when it is larger (nothing of it is kept).
 */
export async function boundedFormData(
  request: Request,
  maxBytes = MAX_SHARE_BYTES,
): Promise<FormData | null> {
  if (Number(request.headers.get('Content-Length')) > maxBytes) return null
  const type = request.headers.get('Content-Type') ?? ''
  if (!request.body) return request.formData()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return new Response(new Blob(chunks as BlobPart[]), { headers: { 'Content-Type': type } }).formData()
}

/** The shared files that are images the app accepts (JPEG or PNG, by type or, without one, by name). */
function sharedImages(files: readonly unknown[]): File[] {
  return files.filter((file): file is File => file instanceof File && acceptedPhotoType(file) !== null)
}

/**
 * The shared files the app keeps as photos: images (sharedImages) of at most MAX_PICKED_FILE_BYTES each,
 * as the picker takes them, the first MAX_KID_PHOTOS in order.
 */
export function keepableSharedPhotos(files: readonly unknown[]): File[] {
  return sharedImages(files)
    .filter((file) => file.size <= MAX_PICKED_FILE_BYTES)
    .slice(0, MAX_KID_PHOTOS)
}

/** Whether some shared images are not kept (too many, or too large): the add form says so. */
export function sharedPhotosLeftOut(files: readonly unknown[]): boolean {
  return keepableSharedPhotos(files).length < sharedImages(files).length
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches
}

/** Drops shares stored before `before` (ms since the epoch). */
async function dropSharesStoredBefore(cache: Cache, before: number): Promise<void> {
  for (const request of await cache.keys()) {
    if (!parseKey(request.url)) continue
    const stored = Number((await cache.match(request))?.headers.get(STORED_HEADER))
    if (!(stored >= before)) await cache.delete(request)
  }
}

/**
 * Worker side: keeps the photos among `files` (keepableSharedPhotos) under a new share id, and returns
 * it; null when none of the files is a photo the app keeps (nothing is stored then).
 */
export async function storeSharedPhotos(files: readonly unknown[], now = Date.now()): Promise<string | null> {
  const photos = keepableSharedPhotos(files)
  const storage = cacheStorage()
  if (photos.length === 0 || !storage) return null
  const cache = await storage.open(SHARED_PHOTOS_CACHE)
  await dropSharesStoredBefore(cache, now - SHARED_PHOTOS_MAX_AGE_MS)
  const shareId = crypto.randomUUID()
  await Promise.all(
    photos.map((photo, index) =>
      cache.put(
        sharedPhotoKey(shareId, index),
        new Response(photo, {
          headers: {
            'Content-Type': acceptedPhotoType(photo) as string,
            [SHARED_PHOTO_NAME_HEADER]: encodeURIComponent(photo.name),
            [MODIFIED_HEADER]: String(photo.lastModified),
            [STORED_HEADER]: String(now),
          },
        }),
      ),
    ),
  )
  return shareId
}

/** App side: the photos of a share as files, with their names and types, in the order shared. */
export async function readSharedPhotos(shareId: string): Promise<File[]> {
  const storage = cacheStorage()
  if (!storage || !isShareId(shareId) || !(await storage.has(SHARED_PHOTOS_CACHE))) return []
  const cache = await storage.open(SHARED_PHOTOS_CACHE)
  const entries = (await cache.keys())
    .map((request) => ({ request, key: parseKey(request.url) }))
    .filter((entry) => entry.key?.shareId === shareId)
    .sort((a, b) => (a.key?.index ?? 0) - (b.key?.index ?? 0))
  const files: File[] = []
  for (const { request } of entries) {
    const response = await cache.match(request)
    if (!response) continue
    const type = response.headers.get('Content-Type') ?? ''
    const name = decodeURIComponent(response.headers.get(SHARED_PHOTO_NAME_HEADER) ?? 'photo')
    const lastModified = Number(response.headers.get(MODIFIED_HEADER)) || Date.now()
    files.push(new File([await response.blob()], name, { type, lastModified }))
  }
  return files
}

/** Removes one share's photos (once the add form has them), or, with no id, every shared photo. */
export async function clearSharedPhotos(shareId?: string): Promise<void> {
  const storage = cacheStorage()
  if (!storage) return
  if (shareId === undefined) {
    await storage.delete(SHARED_PHOTOS_CACHE)
    return
  }
  if (!(await storage.has(SHARED_PHOTOS_CACHE))) return
  const cache = await storage.open(SHARED_PHOTOS_CACHE)
  for (const request of await cache.keys()) {
    if (parseKey(request.url)?.shareId === shareId) await cache.delete(request)
  }
}
