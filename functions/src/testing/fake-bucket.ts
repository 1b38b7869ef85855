// An in-memory bucket for the unit tests: objects with their age, token and Cache-Control, and every
// call kept in order.
import type { PhotoBucket, StoredPhoto } from '../ports'

export interface FakeBucket extends PhotoBucket {
  readonly objects: Map<string, StoredPhoto>
  readonly calls: string[]
  put(path: string, options?: Partial<Omit<StoredPhoto, 'path'>> & { bytes?: Uint8Array }): void
}

/** A JPEG's first bytes: what a put object holds unless a test says otherwise. */
export const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])

export function fakeBucket(): FakeBucket {
  const objects = new Map<string, StoredPhoto>()
  const contents = new Map<string, Uint8Array>()
  const calls: string[] = []
  return {
    objects,
    calls,
    put(path, { bytes = JPEG_START, ...options } = {}) {
      objects.set(path, { path, createdAt: 0, hasDownloadToken: true, cacheControl: null, ...options })
      contents.set(path, bytes)
    },
    async firstBytes(path, count) {
      calls.push(`firstBytes ${path}`)
      return objects.has(path) ? (contents.get(path) ?? new Uint8Array()).slice(0, count) : null
    },
    async list(prefix) {
      calls.push(`list ${prefix}`)
      return [...objects.values()].filter((object) => object.path.startsWith(prefix))
    },
    async delete(path) {
      calls.push(`delete ${path}`)
      objects.delete(path)
    },
    async deleteFolder(prefix) {
      calls.push(`deleteFolder ${prefix}`)
      for (const path of [...objects.keys()]) if (path.startsWith(prefix)) objects.delete(path)
    },
    async makePrivate(path, cacheControl) {
      calls.push(`makePrivate ${path}`)
      const object = objects.get(path)
      if (object) objects.set(path, { ...object, hasDownloadToken: false, cacheControl })
    },
  }
}
