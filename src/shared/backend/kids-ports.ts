// Ports for child records and their photos. Used by the parent feature (src/parent/children); see backend-ports.ts.
// No Firebase types here: the outbox, the screens and their tests only know these shapes.
import type { DocumentType } from '#shared/records/enrolment-record'
import type { PhotoType } from '#shared/records/kid-photos'
import type { KidRecord, StoredKid } from '#shared/records/kid-record'
import type { QueuedWrite, Unsubscribe } from './port-types'

/**
 * A backend failure, sorted for the outbox: `permanent` ones (refused by the rules, an invalid file)
 * will fail the same way on every retry, so they stop and wait for the parent; the rest are retried.
 */
export class BackendError extends Error {
  readonly permanent: boolean
  readonly code: string

  constructor(
    message: string,
    options: { readonly permanent: boolean; readonly code: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause })
    this.name = 'BackendError'
    this.permanent = options.permanent
    this.code = options.code
  }
}

export function isPermanentFailure(error: unknown): boolean {
  return error instanceof BackendError && error.permanent
}

/** The code of a call refused because another account is signed in than the one it was made for. */
export const WRONG_ACCOUNT = 'wrong-account'

/** The code of a call given up because its AbortSignal fired (sign-out, the parent changed it). */
export const ABORTED = 'aborted'

/** One record as this device knows it, with where that knowledge comes from. */
export interface KidSnapshot {
  /** The record, or null when it does not exist (as far as this device knows). */
  readonly kid: StoredKid | null
  /** True while a write of this device still waits for the server's answer. */
  readonly pendingWrite: boolean
  /** True when this comes from the device's cache, not (yet) confirmed by the server. */
  readonly fromCache: boolean
}

/**
 * A record as it is known, or 'forbidden' when the rules refuse to read it (another parent's child),
 * which the edit screen answers differently ('You can not edit that child').
 */
export type KidListener = (snapshot: KidSnapshot | 'forbidden') => void

/** Calls made for one parent: refused, not sent with someone else's credentials, if another is signed in. */
export interface AsUser {
  readonly asUser: string
}

export interface KidsPort {
  /** False where the device cannot keep records (private browsing): they then last only this session. */
  readonly persistentCache: boolean
  /**
   * Writes kids/{kidId} (the adapter adds timestamp = server time). Resolves once the write is in the
   * local queue and cache, WITHOUT waiting for the server (which never answers offline). Its `sent` is
   * the server's answer to this write, for as long as this page lives (a BackendError, permanent when
   * the rules refused it); after a reload, watchKid and readKidFromServer tell. Writing the same id
   * again overwrites it. Refused (WRONG_ACCOUNT) when `asUser` is not the signed-in account at the
   * moment of writing.
   */
  saveKid(kidId: string, record: KidRecord, options: AsUser): Promise<QueuedWrite>
  /** Deletes kids/{kidId}; resolves once the delete is queued locally. */
  deleteKid(kidId: string, options: AsUser): Promise<void>
  /** Follows one record (from the local cache first, so it works offline), metadata changes included. */
  watchKid(kidId: string, listener: KidListener): Unsubscribe
  /**
   * What the server itself holds of kids/{kidId} now (null: no record), read past the device's cache and
   * its listeners, which may not have caught up yet: the outbox asks before it believes a refusal.
   * 'forbidden' when the rules let this parent read no such record; rejects (a BackendError that is not
   * permanent) when the server cannot be reached.
   */
  readKidFromServer(kidId: string): Promise<StoredKid | null | 'forbidden'>
  /** Follows a parent's records, newest save first (the profile query: userRef ==, timestamp desc). */
  watchKidsOf(
    userId: string,
    listener: (kids: readonly StoredKid[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
}

/**
 * A photo's bytes as the outbox keeps them (ArrayBuffer: Safari refuses Blobs in some IndexedDB cases);
 * an enrolment document may be a PDF too (docs/decisions/0032-enrolment-file.md).
 */
export interface PhotoBytes {
  readonly data: ArrayBuffer
  readonly type: PhotoType | DocumentType
}

export interface UploadOptions extends AsUser {
  /** Gives the upload up (it rejects with ABORTED): at sign-out, or when the parent changed the child. */
  readonly signal?: AbortSignal
  /** The uploaded fraction, 0 to 1. */
  readonly onProgress?: (fraction: number) => void
}

/**
 * Child photos in Cloud Storage, private to their owner: the app never hands out a public address, it
 * reads a photo with the parent's credentials (docs/decisions/0008-private-photos.md).
 */
export interface PhotoStoragePort {
  /** Uploads to `path`, overwriting anything there (a retry adds no copy), kept out of shared caches. */
  upload(path: string, photo: PhotoBytes, options: UploadOptions): Promise<void>
  /** Reads a photo with the signed-in parent's credentials. */
  download(path: string): Promise<Blob>
  /** Deletes a photo; resolves too when it is already gone. */
  delete(path: string): Promise<void>
  /**
   * The paths of every photo in the parent's folder, images/{userId}/, as the server holds them now
   * (the signed-in owner may list it): photos no record or outbox names are found too. Flat photos saved
   * before folders (images/{userId}-...) are not in it; records name those (docs/decisions/0020).
   */
  listPhotos(userId: string): Promise<string[]>
}

export type { Unsubscribe }
