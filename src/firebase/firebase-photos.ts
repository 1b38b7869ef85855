// PhotoStoragePort on Cloud Storage: photos at images/{userId}-{fileName}-{random id} (the outbox fixes
// the path, so a retried upload overwrites instead of adding a copy), read back by download address.
import { deleteObject, getDownloadURL, ref, type StorageError, uploadBytesResumable } from 'firebase/storage'
import { BackendError, type PhotoStoragePort } from '../shared/backend/kids-ports'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'

/** Storage codes that will not change on a retry (refused by storage.rules, a bad request). */
const PERMANENT_CODES = new Set([
  'storage/unauthorized',
  'storage/invalid-argument',
  'storage/invalid-format',
  'storage/invalid-checksum',
  'storage/invalid-url',
  'storage/invalid-root-operation',
  'storage/bucket-not-found',
  'storage/project-not-found',
  'storage/no-default-bucket',
  'storage/server-file-wrong-size',
])

export function toStorageBackendError(error: unknown): BackendError {
  const code = firebaseErrorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  return new BackendError(message, { permanent: PERMANENT_CODES.has(code), code, cause: error })
}

/**
 * The object path inside a download address (https://host/v0/b/{bucket}/o/{path}?alt=media&token=...),
 * for production and emulator hosts alike; null if the address is not a Storage download address.
 */
export function storagePathFromUrl(url: string): string | null {
  try {
    const match = /^\/v0\/b\/[^/]+\/o\/([^/]+)$/.exec(new URL(url).pathname)
    return match?.[1] ? decodeURIComponent(match[1]) : null
  } catch {
    return null
  }
}

export function createPhotoStorage({ storage }: FirebaseServices): PhotoStoragePort {
  // The SDK retries a failed request for up to 10 minutes by default, holding the queue and the screen.
  // The outbox has its own backoff and survives reloads, so the SDK may give up sooner.
  storage.maxUploadRetryTime = 12_000
  storage.maxOperationRetryTime = 12_000

  return {
    upload(path, photo, onProgress) {
      return new Promise<string>((resolve, reject) => {
        const task = uploadBytesResumable(ref(storage, path), new Uint8Array(photo.data), {
          contentType: photo.type,
          cacheControl: 'private, max-age=31536000',
        })
        task.on(
          'state_changed',
          (snapshot) =>
            onProgress?.(snapshot.totalBytes ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
          (error: StorageError) => reject(toStorageBackendError(error)),
          () => {
            getDownloadURL(task.snapshot.ref).then(resolve, (error: unknown) =>
              reject(toStorageBackendError(error)),
            )
          },
        )
      })
    },

    async deleteByUrl(url) {
      const path = storagePathFromUrl(url)
      // Not one of our photos (say, an address typed into the database by hand): nothing to delete.
      if (!path?.startsWith('images/')) return
      try {
        await deleteObject(ref(storage, path))
      } catch (error) {
        if (firebaseErrorCode(error) === 'storage/object-not-found') return // already gone: that is what we wanted
        throw toStorageBackendError(error)
      }
    },
  }
}
