// Ports for child records and their photos. Owned by the kids feature; see backend-ports.ts.
// No Firebase types here: the outbox, the screens and their tests only know these shapes.

import type { PhotoType } from '../records/kid-photos'
import type { KidRecord, StoredKid } from '../records/kid-record'
import type { Unsubscribe } from './backend-ports'

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

/** A write handed to the backend's local queue. */
export interface QueuedSave {
  /** Settles with the server's answer: resolves when accepted, rejects (BackendError) when refused. Offline it stays pending. */
  readonly acknowledged: Promise<void>
}

/** What a record read looks like: the record, or null when it is missing or not readable by this user. */
/**
 * One record as it is known: null when it does not exist, 'forbidden' when the rules refuse to read it
 * (another parent's child), which the edit screen answers differently ('You can not edit that child').
 */
export type KidListener = (kid: StoredKid | null | 'forbidden') => void

export interface KidsPort {
  /** False where the device cannot keep records (private browsing): they then last only this session. */
  readonly persistentCache: boolean
  /**
   * Writes kids/{kidId} (the adapter adds timestamp = server time). Resolves once the write is in the
   * local queue and cache, WITHOUT waiting for the server (which never answers offline). Writing the same
   * id again overwrites, so a retried save is applied once.
   */
  saveKid(kidId: string, record: KidRecord): Promise<QueuedSave>
  /** Deletes kids/{kidId}; resolves once the delete is queued locally. */
  deleteKid(kidId: string): Promise<void>
  /** Follows one record (from the local cache first, so it works offline). */
  watchKid(kidId: string, listener: KidListener): Unsubscribe
  /** Follows a parent's records, newest save first (the profile query: userRef ==, timestamp desc). */
  watchKidsOf(
    userId: string,
    listener: (kids: readonly StoredKid[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
}

/** A photo's bytes as the outbox keeps them (ArrayBuffer: Safari refuses Blobs in some IndexedDB cases). */
export interface PhotoBytes {
  readonly data: ArrayBuffer
  readonly type: PhotoType
}

export interface PhotoStoragePort {
  /**
   * Uploads to `path` (overwriting anything there, so a retry adds no copy) and resolves with the
   * download address. `onProgress` gets the uploaded fraction, 0 to 1.
   */
  upload(path: string, photo: PhotoBytes, onProgress?: (fraction: number) => void): Promise<string>
  /** Deletes the photo behind a download address; resolves too when it is already gone. */
  deleteByUrl(url: string): Promise<void>
}

export type { Unsubscribe }
