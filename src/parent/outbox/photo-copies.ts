// This device's own copies of a parent's child photos (docs/decisions/0008-private-photos.md). Photos
// are private: the app reads them with the parent's credentials and keeps a copy, per owner and path,
// so a detail page still shows them offline and a photo uploaded from this phone is never downloaded
// again by it. The copies live in Cache Storage under addresses that are never fetched; where the
// browser has none, in memory for the tab's lifetime. Signing out removes them all.
import { within } from '#shared/device/within'

export const PHOTO_COPIES_CACHE = 'sunbeam-photo-copies'

/** How long reading one copy may take before the photo is read from Storage instead. */
const COPY_READ_BOUND_MS = 3_000

export interface PhotoCopies {
  get(owner: string, path: string): Promise<Blob | null>
  put(owner: string, path: string, photo: Blob): Promise<void>
  /** Removes every copy on this device. */
  clear(): Promise<void>
}

/** The cache key of a copy: an address of this site that nothing serves (it is only a key). */
function keyOf(owner: string, path: string): string {
  return new URL(`/__photo-copy/${encodeURIComponent(owner)}/${encodeURIComponent(path)}`, location.origin)
    .href
}

export function memoryPhotoCopies(): PhotoCopies {
  const copies = new Map<string, Blob>()
  const key = (owner: string, path: string) => `${owner}\u0000${path}`
  return {
    async get(owner, path) {
      return copies.get(key(owner, path)) ?? null
    },
    async put(owner, path, photo) {
      copies.set(key(owner, path), photo)
    },
    async clear() {
      copies.clear()
    },
  }
}

function cacheStoragePhotoCopies(storage: CacheStorage): PhotoCopies {
  const memory = memoryPhotoCopies()
  // A browser that refuses to open the cache (private mode, quota) still shows photos this session.
  const withCache = async <T>(use: (cache: Cache) => Promise<T>, fallback: () => Promise<T>) => {
    try {
      return await use(await storage.open(PHOTO_COPIES_CACHE))
    } catch {
      return fallback()
    }
  }
  return {
    // Bounded: a copy that does not come within a few seconds is read again from Storage (or waits
    // there), rather than leaving the photo's tile waiting on the device for ever.
    get: (owner, path) =>
      within(
        withCache(
          async (cache) => (await (await cache.match(keyOf(owner, path)))?.blob()) ?? memory.get(owner, path),
          () => memory.get(owner, path),
        ),
        COPY_READ_BOUND_MS,
        'A photo copy',
      ).catch(() => memory.get(owner, path)),
    put: (owner, path, photo) =>
      withCache(
        (cache) =>
          cache.put(
            keyOf(owner, path),
            new Response(photo, { headers: { 'content-type': photo.type || 'image/jpeg' } }),
          ),
        () => memory.put(owner, path, photo),
      ),
    async clear() {
      await memory.clear()
      await storage.delete(PHOTO_COPIES_CACHE).catch(() => false)
    },
  }
}

/** The device's photo copies: Cache Storage where the browser has it, else memory. */
export function openPhotoCopies(): PhotoCopies {
  return typeof caches === 'undefined' ? memoryPhotoCopies() : cacheStoragePhotoCopies(caches)
}
