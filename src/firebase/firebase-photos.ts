// PhotoStoragePort on Cloud Storage: photos at images/{userId}/{fileName}-{random id}, one folder per
// parent that its owner may list (docs/decisions/0020-photo-folders.md); the outbox fixes the path, so a
// retried upload overwrites instead of adding a copy. Flat photos of before (images/{userId}-...) are
// read, overwritten and deleted the same way. Photos are private: they are read
// with the signed-in parent's credentials (getBlob), never through a download address with a token, and
// uploaded with a cache policy that keeps them out of shared and browser HTTP caches
// (docs/decisions/0008-private-photos.md; the bucket's CORS is set by npm run deploy, docs/deploy.md).
import {
  deleteObject,
  getBlob,
  listAll,
  ref,
  type StorageError,
  uploadBytesResumable,
} from 'firebase/storage'
import { ABORTED, BackendError, type PhotoStoragePort, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { photoFolder } from '#shared/records/kid-photos'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'

/** Storage codes that will not change on a retry (refused by storage.rules, a bad request). */
const PERMANENT_CODES = new Set([
  'storage/unauthorized',
  'storage/unauthenticated',
  'storage/invalid-argument',
  'storage/invalid-format',
  'storage/invalid-checksum',
  'storage/invalid-url',
  'storage/invalid-root-operation',
  'storage/bucket-not-found',
  'storage/project-not-found',
  'storage/no-default-bucket',
  'storage/server-file-wrong-size',
  'storage/object-not-found',
])

export function toStorageBackendError(error: unknown): BackendError {
  const code = firebaseErrorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'storage/canceled')
    return new BackendError(message, { permanent: false, code: ABORTED, cause: error })
  return new BackendError(message, { permanent: PERMANENT_CODES.has(code), code, cause: error })
}

/** No browser or proxy may keep a child's photo: the app keeps its own copy, which sign-out removes. */
export const PHOTO_CACHE_CONTROL = 'private, no-store'

export function createFirebasePhotos({ storage, auth }: FirebaseServices): PhotoStoragePort {
  // The SDK retries a failed request for up to 10 minutes by default, holding the child's lane and the
  // parent's screen. The outbox has its own backoff and survives reloads, so the SDK gives up at once:
  // past this window it tries once more, then reports the failure, and a connection that does not work
  // is known as such (its first retry would wait 2 to 3 s).
  storage.maxUploadRetryTime = 250
  storage.maxOperationRetryTime = 10_000

  return {
    upload(path, photo, { asUser, signal, onProgress }) {
      return new Promise<void>((resolve, reject) => {
        if (auth.currentUser?.uid !== asUser) {
          reject(new BackendError('Another account is signed in', { permanent: false, code: WRONG_ACCOUNT }))
          return
        }
        if (signal?.aborted) {
          reject(new BackendError('Upload cancelled', { permanent: false, code: ABORTED }))
          return
        }
        const task = uploadBytesResumable(ref(storage, path), new Uint8Array(photo.data), {
          contentType: photo.type,
          cacheControl: PHOTO_CACHE_CONTROL,
        })
        // Sign-out (or the parent's change) stops the upload at once, whatever request is in flight.
        const cancel = () => task.cancel()
        signal?.addEventListener('abort', cancel, { once: true })
        task.on(
          'state_changed',
          (snapshot) =>
            onProgress?.(snapshot.totalBytes ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
          (error: StorageError) => {
            signal?.removeEventListener('abort', cancel)
            reject(toStorageBackendError(error))
          },
          () => {
            signal?.removeEventListener('abort', cancel)
            resolve()
          },
        )
      })
    },

    async download(path) {
      try {
        return await getBlob(ref(storage, path))
      } catch (error) {
        throw toStorageBackendError(error)
      }
    },

    async delete(path) {
      // Not one of our photos (an address typed into the database by hand): nothing to delete.
      if (!path.startsWith('images/')) return
      try {
        await deleteObject(ref(storage, path))
      } catch (error) {
        if (firebaseErrorCode(error) === 'storage/object-not-found') return // already gone: what we wanted
        throw toStorageBackendError(error)
      }
    },

    async listPhotos(userId) {
      // listAll pages through list() 1000 at a time; the folder is one level (storage.rules refuses
      // anything nested), so its items are every photo the parent has in it.
      try {
        const { items } = await listAll(ref(storage, photoFolder(userId)))
        return items.map((item) => item.fullPath)
      } catch (error) {
        throw toStorageBackendError(error)
      }
    },
  }
}
