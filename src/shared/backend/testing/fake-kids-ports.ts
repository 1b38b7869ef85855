// In-memory fakes of KidsPort and PhotoStoragePort for unit and component tests (never imported by the
// app). They count every write and upload, so tests can prove a submission was applied exactly once.

import type { KidRecord, StoredKid } from '../../records/kid-record'
import type { Unsubscribe } from '../backend-ports'
import {
  BackendError,
  type KidListener,
  type KidsPort,
  type PhotoBytes,
  type PhotoStoragePort,
  type QueuedSave,
} from '../kids-ports'

export function transientError(message = 'network down'): BackendError {
  return new BackendError(message, { permanent: false, code: 'unavailable' })
}

export function permanentError(message = 'refused by the rules'): BackendError {
  return new BackendError(message, { permanent: true, code: 'permission-denied' })
}

/** How the fake server answers queued writes. */
export type AckMode = 'accept' | 'never' | 'refuse'

export class FakeKidsPort implements KidsPort {
  readonly records = new Map<string, StoredKid>()
  /** Every saveKid call, in order (id and record). */
  readonly saves: { readonly id: string; readonly record: KidRecord }[] = []
  readonly deletes: string[] = []
  ackMode: AckMode = 'accept'
  persistentCache = true
  /** Errors thrown by the next saveKid calls (before anything is queued). */
  readonly saveFailures: Error[] = []
  /** Called before a save is applied; a test may throw here to simulate a crash. */
  beforeSave: ((id: string) => void) | null = null
  private clock = 0
  private readonly kidListeners = new Map<string, Set<KidListener>>()
  private readonly listListeners = new Set<{
    userId: string
    listener: (kids: readonly StoredKid[]) => void
  }>()
  /** Records readable by the current user (others are refused like the rules would). */
  readerId: string | null = null

  seed(kid: StoredKid): void {
    this.records.set(kid.id, kid)
    this.notify(kid.id)
  }

  async saveKid(id: string, record: KidRecord): Promise<QueuedSave> {
    const failure = this.saveFailures.shift()
    if (failure) throw failure
    this.beforeSave?.(id)
    this.saves.push({ id, record })
    this.clock += 1
    const previous = this.records.get(id)
    this.records.set(id, { ...record, imgUrls: [...record.imgUrls], id, savedAt: this.clock })
    this.notify(id)
    const acknowledged =
      this.ackMode === 'accept'
        ? Promise.resolve()
        : this.ackMode === 'never'
          ? new Promise<void>(() => {})
          : Promise.reject(permanentError())
    if (this.ackMode === 'refuse') {
      // Like Firestore: a refused write is rolled back in the local view.
      if (previous) this.records.set(id, previous)
      else this.records.delete(id)
      queueMicrotask(() => this.notify(id))
    }
    return { acknowledged }
  }

  async deleteKid(id: string): Promise<void> {
    this.deletes.push(id)
    this.records.delete(id)
    this.notify(id)
  }

  private readable(kid: StoredKid | undefined): StoredKid | null | 'forbidden' {
    if (!kid) return null
    if (this.readerId !== null && kid.userRef !== this.readerId) return 'forbidden'
    return kid
  }

  watchKid(id: string, listener: KidListener): Unsubscribe {
    const set = this.kidListeners.get(id) ?? new Set()
    set.add(listener)
    this.kidListeners.set(id, set)
    queueMicrotask(() => listener(this.readable(this.records.get(id))))
    return () => set.delete(listener)
  }

  watchKidsOf(
    userId: string,
    listener: (kids: readonly StoredKid[]) => void,
    _onError: (error: Error) => void,
  ): Unsubscribe {
    const entry = { userId, listener }
    this.listListeners.add(entry)
    queueMicrotask(() => listener(this.kidsOf(userId)))
    return () => this.listListeners.delete(entry)
  }

  kidsOf(userId: string): StoredKid[] {
    return [...this.records.values()]
      .filter((kid) => kid.userRef === userId)
      .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0))
  }

  private notify(id: string): void {
    for (const listener of this.kidListeners.get(id) ?? []) listener(this.readable(this.records.get(id)))
    for (const { userId, listener } of this.listListeners) listener(this.kidsOf(userId))
  }
}

export class FakePhotoStorage implements PhotoStoragePort {
  readonly objects = new Map<string, PhotoBytes>()
  /** Every upload call's path, in order. */
  readonly uploads: string[] = []
  readonly deleted: string[] = []
  /** Errors thrown by the next uploads. */
  readonly uploadFailures: Error[] = []
  readonly deleteFailures: Error[] = []
  /** Called when an upload finished, before it resolves; a test may throw to simulate a crash. */
  afterUpload: ((path: string) => void) | null = null

  static urlOf(path: string): string {
    return `https://storage.test/o/${encodeURIComponent(path)}?alt=media&token=t`
  }

  static pathOf(url: string): string {
    return decodeURIComponent(new URL(url).pathname.replace('/o/', ''))
  }

  async upload(path: string, photo: PhotoBytes, onProgress?: (fraction: number) => void): Promise<string> {
    const failure = this.uploadFailures.shift()
    if (failure) throw failure
    this.uploads.push(path)
    onProgress?.(0.5)
    this.objects.set(path, photo)
    onProgress?.(1)
    this.afterUpload?.(path)
    return FakePhotoStorage.urlOf(path)
  }

  async deleteByUrl(url: string): Promise<void> {
    const failure = this.deleteFailures.shift()
    if (failure) throw failure
    const path = FakePhotoStorage.pathOf(url)
    this.deleted.push(path)
    this.objects.delete(path)
  }
}

/** A tiny valid-looking PNG payload of `size` bytes. */
export function pngBytes(size = 64): ArrayBuffer {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes.buffer
}
