// Photos shared to the installed app from the phone's share sheet (Web Share Target), kept on this
// device between the service worker, which receives them, and the add form, which attaches them
// (docs/decisions/0011-service-worker.md). Both sides use this module, so the storage format lives here
// only.
//
// The contract:
// - The manifest's `share_target` posts `multipart/form-data` to SHARE_TARGET_ACTION ('/share-target'),
//   the files in the SHARED_PHOTOS_FIELD ('photos') field.
// - The service worker keeps the images among them (JPEG or PNG, the first MAX_KID_PHOTOS) with
//   storeSharedPhotos, which returns the share's id, and answers with a 303 redirect to
//   sharedPhotosTarget(id): `/add-kid?share=<id>`, or `/add-kid` when no image could be kept.
// - The add form reads its `share` search parameter (isShareId says whether it is well formed), reads
//   the files with readSharedPhotos(id) (names, types and order as shared; an empty list when the share
//   is gone, the id malformed or the browser has no Cache Storage), attaches them to its photo picker as
//   if picked, then calls clearSharedPhotos(id).
// - Signing out calls clearSharedPhotos() with no id: no shared photo stays on the device.
// Shares nobody collected are dropped when a newer share arrives a day later or more.
//
// Where the browser has no share target, nothing posts to the worker and none of this runs; where it has
// no Cache Storage, reading finds nothing and the add form works as before.
import { acceptedPhotoType, MAX_KID_PHOTOS } from '#shared/records/kid-photos'
import { isShareId } from './share-id'

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

export { isShareId } from './share-id'

/** Where the worker sends the parent after a share: the add form, naming the share when there is one. */
export function sharedPhotosTarget(shareId: string | null): string {
  return shareId ? `/add-kid?${SHARE_SEARCH_PARAM}=${encodeURIComponent(shareId)}` : '/add-kid'
}

/** The shared files the app accepts as photos (JPEG or PNG, by type or, without one, by name), in order. */
export function keepableSharedPhotos(files: readonly unknown[]): File[] {
  return files
    .filter((file): file is File => file instanceof File && acceptedPhotoType(file) !== null)
    .slice(0, MAX_KID_PHOTOS)
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
 * Worker side: keeps the images among `files` under a new share id, and returns it; null when none of
 * the files is an image the app accepts (nothing is stored then).
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
