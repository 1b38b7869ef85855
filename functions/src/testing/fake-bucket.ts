// An in-memory bucket for the unit tests: objects with their age, token and Cache-Control, and every
// call kept in order.
import type { PhotoBucket, StoredPhoto } from '../ports'

export interface FakeBucket extends PhotoBucket {
  readonly objects: Map<string, StoredPhoto>
  readonly calls: string[]
  put(path: string, options?: Partial<Omit<StoredPhoto, 'path'>>): void
}

export function fakeBucket(): FakeBucket {
  const objects = new Map<string, StoredPhoto>()
  const calls: string[] = []
  return {
    objects,
    calls,
    put(path, options = {}) {
      objects.set(path, { path, createdAt: 0, hasDownloadToken: true, cacheControl: null, ...options })
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
