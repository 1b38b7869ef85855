// PhotoBucket on Cloud Storage through the Admin SDK (past storage.rules).
import type { getStorage } from 'firebase-admin/storage'
import type { PhotoBucket, StoredPhoto } from './ports'

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>

export function adminBucket(bucket: Bucket): PhotoBucket {
  return {
    async list(prefix) {
      const [files] = await bucket.getFiles({ prefix, autoPaginate: true })
      return files.map(
        (file): StoredPhoto => ({
          path: file.name,
          createdAt: Date.parse(String(file.metadata.timeCreated ?? '')) || 0,
          hasDownloadToken: Boolean(file.metadata.metadata?.firebaseStorageDownloadTokens),
          cacheControl: file.metadata.cacheControl ?? null,
        }),
      )
    },
    async delete(path) {
      await bucket.file(path).delete({ ignoreNotFound: true })
    },
    async deleteFolder(prefix) {
      // force: go on past a file that fails, and report them all at the end (the retry deletes them).
      await bucket.deleteFiles({ prefix, force: true })
    },
    async firstBytes(path, count) {
      try {
        const [bytes] = await bucket.file(path).download({ start: 0, end: count - 1 })
        return new Uint8Array(bytes)
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null
        throw error
      }
    },
    async makePrivate(path, cacheControl) {
      // null removes a custom metadata key: the token, and with it every download address, is gone.
      await bucket.file(path).setMetadata({ cacheControl, metadata: { firebaseStorageDownloadTokens: null } })
    },
  }
}
