// In-memory fakes of KidsPort and PhotoStoragePort for unit and component tests (never imported by the
// app). They behave like Firestore and Storage where the outbox can tell: writes wait in a local queue
// until the fake server answers, a refused write is rolled back, listeners see pending writes, and every
// write and upload is counted, so tests can prove a submission was applied exactly once.

import type { QueuedWrite, Unsubscribe } from '#shared/backend/backend-ports'
import {
  ABORTED,
  type AsUser,
  BackendError,
  type KidListener,
  type KidSnapshot,
  type KidsPort,
  type PhotoBytes,
  type PhotoStoragePort,
  type UploadOptions,
  WRONG_ACCOUNT,
} from '#shared/backend/kids-ports'
import { photoFolder } from '#shared/records/kid-photos'
import type { KidRecord, StoredKid } from '#shared/records/kid-record'

export function transientError(message = 'network down'): BackendError {
  return new BackendError(message, { permanent: false, code: 'unavailable' })
}

export function permanentError(message = 'refused by the rules'): BackendError {
  return new BackendError(message, { permanent: true, code: 'permission-denied' })
}

/** How the fake server answers queued writes: at once, never (offline), or by refusing them. */
export type AckMode = 'accept' | 'never' | 'refuse'

interface PendingWrite {
  readonly id: string
  readonly record: KidRecord
  /** The account the write was made for: the rules refuse a record that names another as its owner. */
  readonly asUser: string
  readonly previous: StoredKid | undefined
  /** Settles the write's `sent`, as the server's answer does. */
  readonly settle: { readonly resolve: () => void; readonly reject: (error: BackendError) => void }
}

export class FakeKidsPort implements KidsPort {
  /** The records as this device sees them (the server's, with pending writes applied). */
  readonly records = new Map<string, StoredKid>()
  /** What the server has. */
  readonly server = new Map<string, StoredKid>()
  /** Every saveKid call, in order (id and record): each is one write. */
  readonly saves: { readonly id: string; readonly record: KidRecord; readonly asUser: string }[] = []
  readonly deletes: string[] = []
  ackMode: AckMode = 'accept'
  persistentCache = true
  /** Errors thrown by the next readKidFromServer calls (the server out of reach). */
  readonly serverReadFailures: Error[] = []
  /** Every readKidFromServer call's id, in order. */
  readonly serverReads: string[] = []
  /** Errors thrown by the next saveKid calls (before anything is queued). */
  readonly saveFailures: Error[] = []
  /** Called before a save is applied; a test may throw here to simulate a crash. */
  beforeSave: ((id: string) => void) | null = null
  /** The signed-in account, as the backend sees it (null: nobody); saves for another are refused. */
  signedIn: string | null = null
  private clock = 0
  private readonly pending: PendingWrite[] = []
  private readonly kidListeners = new Map<string, Set<KidListener>>()
  private readonly listListeners = new Set<{
    userId: string
    listener: (kids: readonly StoredKid[]) => void
  }>()
  /** Records readable by the current user (others are refused like the rules would). */
  readerId: string | null = null
  /** While set, watchKid answers nobody: a test sees the loading state for as long as it needs. */
  private readsHeld: Promise<void> | null = null

  /** Holds every watchKid answer until release(), like a slow first read of the cache. */
  holdReads(): { release: () => void } {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    this.readsHeld = held
    void held.then(() => {
      if (this.readsHeld === held) this.readsHeld = null
    })
    return { release }
  }

  /** A record the server already has (and this device has seen). */
  seed(kid: StoredKid): void {
    this.server.set(kid.id, kid)
    this.records.set(kid.id, kid)
    this.notify(kid.id)
  }

  /** Writes of this device still waiting for the server. */
  get pendingWrites(): readonly PendingWrite[] {
    return this.pending
  }

  async saveKid(id: string, record: KidRecord, { asUser }: AsUser): Promise<QueuedWrite> {
    const failure = this.saveFailures.shift()
    if (failure) throw failure
    if (this.signedIn !== null && this.signedIn !== asUser)
      throw new BackendError('Another account is signed in', { permanent: false, code: WRONG_ACCOUNT })
    this.beforeSave?.(id)
    this.saves.push({ id, record, asUser })
    this.clock += 1
    let settle: PendingWrite['settle'] = { resolve: () => {}, reject: () => {} }
    const sent = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject }
    })
    // Like Firestore's: a page that stopped listening for the answer is not told of it.
    sent.catch(() => undefined)
    this.pending.push({ id, record, asUser, previous: this.records.get(id), settle })
    this.records.set(id, { ...record, imgUrls: [...record.imgUrls], id, savedAt: this.clock })
    this.notify(id)
    if (this.ackMode !== 'never') queueMicrotask(() => this.answer())
    return { sent }
  }

  /** The fake server answers every write waiting for it (a test calls this after going 'online'). */
  answer(mode: AckMode = this.ackMode): void {
    if (mode === 'never') return
    for (const write of this.pending.splice(0)) {
      // firestore.rules: a record's owner is the account that writes it (src/testing/contracts).
      const refused = mode === 'refuse' || write.record.userRef !== write.asUser
      if (!refused) {
        const saved = this.records.get(write.id)
        if (saved) this.server.set(write.id, saved)
      } else if (write.previous) this.records.set(write.id, write.previous)
      else this.records.delete(write.id) // refused: rolled back in the local view, like Firestore
      this.notify(write.id)
      if (!refused) write.settle.resolve()
      else write.settle.reject(permanentError())
    }
  }

  /**
   * The server saves every write waiting for it and acknowledges it, but the device's listeners hear
   * nothing yet (their stream lags behind the write stream): see emitToWatchers.
   */
  acknowledgeQuietly(): void {
    for (const write of this.pending.splice(0)) {
      const saved = this.records.get(write.id)
      if (saved) this.server.set(write.id, saved)
      write.settle.resolve()
    }
  }

  /** The device's Firestore data is gone (cleared at sign-out): pending writes are lost. */
  clearDevice(): void {
    const ids = new Set([...this.records.keys(), ...this.pending.map((write) => write.id)])
    this.pending.splice(0)
    this.records.clear()
    for (const [id, kid] of this.server) this.records.set(id, kid)
    for (const id of ids) this.notify(id)
  }

  async deleteKid(id: string, { asUser }: AsUser): Promise<void> {
    if (this.signedIn !== null && this.signedIn !== asUser)
      throw new BackendError('Another account is signed in', { permanent: false, code: WRONG_ACCOUNT })
    this.deletes.push(id)
    this.records.delete(id)
    this.server.delete(id)
    this.notify(id)
  }

  private snapshotOf(id: string): KidSnapshot | 'forbidden' {
    const kid = this.records.get(id)
    if (kid && this.readerId !== null && kid.userRef !== this.readerId) return 'forbidden'
    const pendingWrite = this.pending.some((write) => write.id === id)
    return { kid: kid ?? null, pendingWrite, fromCache: this.ackMode === 'never' }
  }

  watchKid(id: string, listener: KidListener): Unsubscribe {
    const set = this.kidListeners.get(id) ?? new Set()
    set.add(listener)
    this.kidListeners.set(id, set)
    void (this.readsHeld ?? Promise.resolve()).then(() => {
      if (set.has(listener)) listener(this.snapshotOf(id))
    })
    return () => set.delete(listener)
  }

  async readKidFromServer(id: string): Promise<StoredKid | null | 'forbidden'> {
    this.serverReads.push(id)
    const failure = this.serverReadFailures.shift()
    if (failure) throw failure
    const kid = this.server.get(id)
    if (kid && this.readerId !== null && kid.userRef !== this.readerId) return 'forbidden'
    return kid ?? null
  }

  /** How many listeners follow this record by its id now (watchKid). */
  watching(id: string): number {
    return this.kidListeners.get(id)?.size ?? 0
  }

  /**
   * Gives the record's listeners `snapshot` as they are, whatever the device holds: a listen stream that
   * has not caught up yet (it says 'no record' once more after the server saved it).
   */
  emitToWatchers(id: string, snapshot: KidSnapshot): void {
    for (const listener of this.kidListeners.get(id) ?? []) listener(snapshot)
  }

  watchKidsOf(
    userId: string,
    listener: (kids: readonly StoredKid[]) => void,
    _onError: (error: Error) => void,
  ): Unsubscribe {
    const entry = { userId, listener }
    this.listListeners.add(entry)
    queueMicrotask(() => {
      if (this.listListeners.has(entry)) listener(this.kidsOf(userId))
    })
    return () => this.listListeners.delete(entry)
  }

  kidsOf(userId: string): StoredKid[] {
    return [...this.records.values()]
      .filter((kid) => kid.userRef === userId)
      .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0))
  }

  private notify(id: string): void {
    for (const listener of this.kidListeners.get(id) ?? []) listener(this.snapshotOf(id))
    for (const { userId, listener } of this.listListeners) listener(this.kidsOf(userId))
  }
}

export class FakePhotoStorage implements PhotoStoragePort {
  readonly objects = new Map<string, PhotoBytes>()
  /** Every upload call's path, in order, and the account it was made for. */
  readonly uploads: string[] = []
  readonly uploadedAs: string[] = []
  readonly downloads: string[] = []
  readonly deleted: string[] = []
  /** Errors thrown by the next uploads. */
  readonly uploadFailures: Error[] = []
  readonly deleteFailures: Error[] = []
  /** Errors thrown by the next listPhotos calls. */
  readonly listFailures: Error[] = []
  /** Called when an upload finished, before it resolves; a test may throw to simulate a crash. */
  afterUpload: ((path: string) => void) | null = null
  /** While set, uploads wait for it (an upload in flight), unless their signal aborts them. */
  hold: Promise<void> | null = null

  async upload(path: string, photo: PhotoBytes, options: UploadOptions): Promise<void> {
    const failure = this.uploadFailures.shift()
    if (failure) throw failure
    options.onProgress?.(0.5)
    const hold = this.hold
    if (hold) {
      const signal = options.signal
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(new BackendError('Upload cancelled', { permanent: false, code: ABORTED }))
        if (signal?.aborted) return abort()
        signal?.addEventListener('abort', abort, { once: true })
        void hold.then(resolve)
      })
    }
    if (options.signal?.aborted)
      throw new BackendError('Upload cancelled', { permanent: false, code: ABORTED })
    this.uploads.push(path)
    this.uploadedAs.push(options.asUser)
    this.objects.set(path, photo)
    options.onProgress?.(1)
    this.afterUpload?.(path)
  }

  async download(path: string): Promise<Blob> {
    this.downloads.push(path)
    const photo = this.objects.get(path)
    if (!photo) throw new BackendError(`No photo at ${path}`, { permanent: true, code: 'not-found' })
    return new Blob([photo.data], { type: photo.type })
  }

  async delete(path: string): Promise<void> {
    const failure = this.deleteFailures.shift()
    if (failure) throw failure
    this.deleted.push(path)
    this.objects.delete(path)
  }

  async listPhotos(userId: string): Promise<string[]> {
    const failure = this.listFailures.shift()
    if (failure) throw failure
    // One level, as storage.rules allows: images/{userId}/{name}, nothing nested, no flat photo.
    const folder = `${photoFolder(userId)}/`
    return [...this.objects.keys()].filter(
      (path) => path.startsWith(folder) && !path.slice(folder.length).includes('/'),
    )
  }
}

/** A tiny valid-looking PNG payload of `size` bytes. */
export function pngBytes(size = 64): ArrayBuffer {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes.buffer
}
