// The children's outbox over the outbox engine (decision 0077): the parent's changes (add, edit,
// delete, retry, discard, sign-out) as jobs of kind 'child' (child-kind.ts), read by the screens as the
// old queue's rows, and what the screens hear of the sending (the events and this tab's uploads, in
// the words of sender-events.ts). It follows the server's answer to every save held for the parent
// bound, after a reload too (save-follow.ts), and lets the job go, or queues its clean-up, or keeps it
// failed. The retry policy, the lanes across tabs and the account's binding are the engine's.
import { Slots } from '#shared/async/slots'
import type { KidsPort, PhotoBytes, PhotoStoragePort } from '#shared/backend/kids-ports'
import type { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import { isOwnPhotoPath, type PhotoType, photoStoragePath } from '#shared/records/kid-photos'
import type { KidFields, StoredKid } from '#shared/records/kid-record'
import {
  CHILD_KIND,
  type ChildJob,
  type ChildPayload,
  childLane,
  REFUSED,
  recordOf,
  rowOf,
  runChildJob,
  uploadedPathsOf,
} from './child-kind'
import { type EditPhoto, editPhotos, isKeptPhoto } from './edit-photos'
import { type OutboxPhoto, type PreparedPhoto, pathsOf, type Submission, unique } from './outbox-db'
import { followSave } from './save-follow'
import type { Activity, SenderEvent } from './sender-events'

export interface AddInput {
  readonly userId: string
  readonly kidId: string
  readonly fields: KidFields
  readonly photos: readonly PreparedPhoto[]
}

export interface EditInput {
  readonly userId: string
  readonly kidId: string
  readonly fields: KidFields
  /**
   * The photos in the parent's order, the cover first: kept ones (by path) and new ones; the ones left
   * out are removed. null keeps the photos as they are.
   */
  readonly photos: readonly EditPhoto[] | null
  /**
   * The photos' paths as the form showed them. With `stored` they say what the child had: the form
   * may have read the child from a save that has reached the server since (then `stored` is stale).
   */
  readonly shown?: readonly string[]
  /** The record as stored in Firestore, if it is there (null for a child only queued so far). */
  readonly stored: StoredKid | null
}

export interface DeleteInput {
  readonly userId: string
  readonly kidId: string
  readonly stored: StoredKid | null
}

export interface ChildOutboxOptions {
  readonly jobs: OutboxEngine
  readonly kids: KidsPort
  readonly photos: PhotoStoragePort
  readonly now?: () => number
  /** Photos uploading at once, over all children (a phone's connection is narrow). */
  readonly uploadSlots?: number
  /** Keeps the device's own copy of a photo once uploaded: this phone never downloads it again. */
  readonly keepCopy?: (owner: string, path: string, photo: PhotoBytes) => Promise<void>
}

/** An open job holds a child's unsent changes (at most one per child): an edit updates it in place. */
function isOpen(job: ChildJob): boolean {
  return job.state !== 'held' && job.payload.phase === 'send' && job.payload.kind !== 'delete'
}

const cleanupOnly = (kidId: string, paths: readonly string[]): ChildPayload => ({
  kind: 'delete',
  kidId,
  fields: null,
  photos: [],
  keptPaths: [],
  imgPaths: [],
  cleanupPaths: [...paths],
  phase: 'cleanup',
  handoffStarted: false,
  handedOffAt: 0,
})

export class ChildOutbox {
  private readonly jobs: OutboxEngine
  private readonly kids: KidsPort
  private readonly now: () => number
  private readonly slots: Slots
  private readonly listeners = new Set<(event: SenderEvent) => void>()
  private readonly activityListeners = new Set<() => void>()
  private activity: ReadonlyMap<string, Activity> = new Map()
  /** Saves whose server answer is followed (job id -> its follow's stop). */
  private readonly following = new Map<string, () => void>()
  private user: string | null = null
  /**
   * Jobs this tab ran or answered: a failure is told to this tab's screens only when this tab found it
   * (the engine tells every tab; the failure toast would show in each).
   */
  private readonly ranHere = new Set<string>()
  private readonly stopEvents: () => void

  constructor(options: ChildOutboxOptions) {
    this.jobs = options.jobs
    this.kids = options.kids
    this.now = options.now ?? Date.now
    this.slots = new Slots(options.uploadSlots ?? 2)
    const keepCopy = options.keepCopy ?? (async () => undefined)
    const host = {
      kids: options.kids,
      photos: options.photos,
      now: this.now,
      uploadSlot: <T>(signal: AbortSignal, task: () => Promise<T>) =>
        this.slots.run(signal, task, () => new Error('Stopped')),
      activity: (jobId: string, next: Activity | null) => this.setActivity(jobId, next),
      keepCopy,
      strayUpload: (job: ChildJob, photo: OutboxPhoto) => this.strayUpload(job, photo),
      follow: (job: ChildJob, rev: number, sent: Promise<void> | undefined) => {
        this.emit({ type: 'handedOff', submissionId: job.id })
        this.follow(job, rev, sent)
      },
    }
    this.stopEvents = this.jobs.onEvent((event) => {
      if (event.kind !== CHILD_KIND) return
      const submissionId = event.jobId
      if (event.type === 'done') this.ranHere.delete(submissionId)
      else if (event.type === 'progress')
        this.emit({ type: 'progress', submissionId, fraction: event.fraction })
      // 'handedOff' is told by the hand-off itself (follow): the server's answer may come before the
      // engine notes the job held, and then it is never held.
      else if (event.type === 'retrying')
        this.emit({ type: 'retrying', submissionId, error: event.error, at: event.at })
      else if (event.type === 'failed' && this.ranHere.delete(submissionId))
        this.emit({ type: 'failed', submissionId, error: event.error })
    })
    this.jobs.register<ChildPayload>(CHILD_KIND, {
      lane: childLane,
      run: (job, context) => {
        this.ranHere.add(job.id)
        return runChildJob(host, job, context)
      },
    })
  }

  /** False when the jobs live in memory only (no IndexedDB): they are gone when the tab closes. */
  get persistent(): boolean {
    return this.jobs.db.persistent
  }

  // --- What the screens hear ---

  onEvent(listener: (event: SenderEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(event: SenderEvent): void {
    for (const listener of [...this.listeners]) listener(event)
  }

  /** What is uploading in this tab right now, per submission (for useSyncExternalStore). */
  currentActivity = (): ReadonlyMap<string, Activity> => this.activity

  subscribeActivity = (listener: () => void): (() => void) => {
    this.activityListeners.add(listener)
    return () => this.activityListeners.delete(listener)
  }

  private setActivity(jobId: string, next: Activity | null): void {
    const map = new Map(this.activity)
    if (next) map.set(jobId, next)
    else map.delete(jobId)
    this.activity = map
    for (const listener of this.activityListeners) listener()
  }

  // --- The account, and the server's answers ---

  /** The parent whose saves are followed (the engine sends their jobs); null stops every follow. */
  bindUser(userId: string | null): void {
    if (this.user === userId) return
    for (const stop of [...this.following.values()]) stop()
    this.following.clear()
    this.user = userId
    if (userId)
      void this.followHeld(userId).catch((error: unknown) =>
        console.warn('The outbox could not follow its saves', error),
      )
  }

  /** Follows every save of the parent still waiting for the server (after a reload, a sign-in). */
  private async followHeld(userId: string): Promise<void> {
    for (const job of await this.jobs.list<ChildPayload>(CHILD_KIND, userId))
      if (job.state === 'held') this.follow(job, job.rev, undefined)
  }

  private follow(job: ChildJob, rev: number, sent: Promise<void> | undefined): void {
    if (this.user !== job.owner || this.following.has(job.id)) return
    let stop: (() => void) | null = null
    let finished = false
    stop = followSave(this.kids, job.payload.kidId, recordOf(job.payload, job.owner), sent, (outcome) => {
      finished = true
      if (stop && this.following.get(job.id) === stop) this.following.delete(job.id)
      if (outcome !== 'stopped')
        void this.answered(job, rev, outcome).catch((error: unknown) =>
          console.warn('The outbox could not note the server’s answer', error),
        )
    })
    // A snapshot given at once may have answered already.
    if (!finished) this.following.set(job.id, stop)
  }

  private async answered(job: ChildJob, rev: number, outcome: 'saved' | 'requeue' | 'refused') {
    if (this.user !== job.owner) return
    this.ranHere.add(job.id)
    if (outcome === 'saved') {
      // The photos' bytes are no longer needed; the ones the save replaced can go now.
      // Another page following the same save may have noted it first: the server has it all the same.
      if (job.payload.cleanupPaths.length === 0) await this.jobs.release(job.id, rev, { type: 'done' })
      else
        await this.jobs.release<ChildPayload>(job.id, rev, {
          type: 'queue',
          change: (payload) => ({ ...payload, phase: 'cleanup' }),
          dropBlobs: true,
        })
      this.emit({ type: 'saved', submissionId: job.id })
    } else if (outcome === 'requeue')
      // Firestore's queue lost it (the device's data was cleared): the same record is handed over again.
      await this.jobs.release<ChildPayload>(job.id, rev, {
        type: 'queue',
        change: (payload) => ({ ...payload, handedOffAt: 0 }),
      })
    // The server holds something else: it refused the write (the rules). A retry will not change that.
    else await this.jobs.release(job.id, rev, { type: 'failed', error: REFUSED })
  }

  /** A photo uploaded for a job that changed or went meanwhile: deleted unless a job still names it. */
  private async strayUpload(job: ChildJob, photo: OutboxPhoto): Promise<void> {
    const now = (await this.jobs.list<ChildPayload>(CHILD_KIND, job.owner)).find((kept) => kept.id === job.id)
    if (now?.payload.photos.some((kept) => kept.id === photo.id)) return // sent again, to the same path
    await this.jobs.add<ChildPayload>({
      kind: CHILD_KIND,
      owner: job.owner,
      payload: cleanupOnly('', [photo.path]),
    })
  }

  // --- The sending ---

  /** Asks for work now (a new submission, a delete, a retry). Never throws. */
  kick(): void {
    this.jobs.kick()
  }

  /** Retries waiting for their backoff start now (online again, the app visible, 'Retry now'). */
  async wake(): Promise<void> {
    await this.jobs.wake()
  }

  /** Resolves when nothing runs in this tab (tests, sign-out). */
  async idle(): Promise<void> {
    await this.jobs.idle()
  }

  /** Idle, and every server answer received so far noted (tests). */
  async settled(): Promise<void> {
    do {
      await this.idle()
      // An answer delivered meanwhile (a microtask) may start more work.
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
    } while (await this.jobs.busy())
  }

  /** The parent whose saves are followed, or null (signed out). */
  get userId(): string | null {
    return this.user
  }

  /** Stops for good (tests, a runtime thrown away). */
  stop(): void {
    this.bindUser(null)
    this.stopEvents()
  }

  // --- The parent's changes ---

  private async all(userId?: string): Promise<ChildJob[]> {
    return this.jobs.list<ChildPayload>(CHILD_KIND, userId)
  }

  private async jobsOf(kidId: string): Promise<ChildJob[]> {
    return (await this.all()).filter((job) => job.payload.kidId === kidId)
  }

  /** All of a parent's submissions in send order, as the screens read them. */
  async list(userId: string): Promise<Submission[]> {
    return (await this.all(userId)).map(rowOf)
  }

  async get(id: string): Promise<Submission | undefined> {
    const job = (await this.all()).find((kept) => kept.id === id)
    return job ? rowOf(job) : undefined
  }

  /** The submission that holds a child's unsent changes (queued or failed), if any. */
  async openEntryFor(kidId: string): Promise<Submission | undefined> {
    const job = (await this.jobsOf(kidId)).find(isOpen)
    return job ? rowOf(job) : undefined
  }

  /** A queued photo's bytes (a screen shows what waits on the device). */
  async photoBytes(
    photoId: string,
  ): Promise<{ readonly type: PhotoType; readonly data: ArrayBuffer } | null> {
    const blob = await this.jobs.blob(photoId)
    return blob ? { type: blob.type as PhotoType, data: blob.data } : null
  }

  /** Submissions still to send or to be answered, whoever they belong to (the start-up hint). */
  async pendingCount(): Promise<number> {
    return (await this.all()).filter((job) => job.state !== 'failed').length
  }

  private photoRows(userId: string, photos: readonly PreparedPhoto[]) {
    const blobs: { id: string; type: PhotoType; data: ArrayBuffer }[] = []
    const metas: OutboxPhoto[] = []
    for (const photo of photos) {
      const id = newRandomId()
      blobs.push({ id, type: photo.type, data: photo.data })
      metas.push({
        id,
        name: photo.name,
        type: photo.type,
        size: photo.data.byteLength,
        // Fixed now (images/{uid}/{name}-{id}, decision 0020): a retried upload overwrites it.
        path: photoStoragePath(userId, photo.name, id),
        uploaded: false,
      })
    }
    return { blobs, metas }
  }

  /** Queues a new child. Resolves with the submission id once it is stored on the device. */
  async add(input: AddInput): Promise<string> {
    const { blobs, metas } = this.photoRows(input.userId, input.photos)
    return this.jobs.add<ChildPayload>({
      kind: CHILD_KIND,
      owner: input.userId,
      blobs,
      payload: {
        kind: 'add',
        kidId: input.kidId,
        fields: input.fields,
        photos: metas,
        keptPaths: [],
        imgPaths: metas.map((photo) => photo.path),
        cleanupPaths: [],
        phase: 'send',
        handoffStarted: false,
        handedOffAt: 0,
      },
    })
  }

  /**
   * Queues an edit. A child whose earlier changes are still unsent has its job updated in place (one
   * open job per child, so nothing is sent twice); otherwise a new edit is queued.
   */
  async edit(input: EditInput): Promise<string> {
    const open = (await this.jobsOf(input.kidId)).find(isOpen)
    const id = open?.id ?? newRandomId()
    const stored = unique([...pathsOf(input.stored?.imgUrls), ...(input.shown ?? [])])
    const picked = (input.photos ?? []).filter((photo): photo is PreparedPhoto => !isKeptPhoto(photo))
    const { blobs, metas } = this.photoRows(input.userId, picked)
    let dropped: string[] = []
    // The edit made of what the job holds when it is changed (in the engine's transaction).
    const edited = (before: Pick<ChildPayload, 'photos' | 'keptPaths' | 'cleanupPaths' | 'imgPaths'>) => {
      // No photo change: the job's (or the record's) photos as they are.
      const chosen = input.photos ?? before.imgPaths.map((path) => ({ path }))
      // A photo of this parent's that the record had when the form was filled (it may have been saved
      // since the form read it) is kept too; removed ones are deleted from storage once this is saved.
      const photos = editPhotos(before, chosen, metas, (path) => isOwnPhotoPath(path, input.userId))
      dropped = photos.droppedPhotoIds
      return {
        photos: photos.photos,
        keptPaths: photos.keptPaths,
        imgPaths: photos.imgPaths,
        cleanupPaths: unique([...before.cleanupPaths, ...photos.cleanupPaths]),
      }
    }
    const fresh: ChildPayload = {
      kind: 'edit',
      kidId: input.kidId,
      fields: input.fields,
      ...edited({ photos: [], keptPaths: stored, cleanupPaths: [], imgPaths: stored }),
      phase: 'send',
      handoffStarted: false,
      handedOffAt: 0,
    }
    await this.jobs.addOrUpdate<ChildPayload>(
      { id, kind: CHILD_KIND, owner: input.userId, payload: fresh, blobs },
      (before) => ({ ...before, fields: input.fields, ...edited(before) }),
      (blobId) => !dropped.includes(blobId),
    )
    return id
  }

  /**
   * Deletes a child: drops every queued change of it and queues the deletion of the record (if it may
   * exist in Firestore) and of all its photos.
   */
  async remove(input: DeleteInput): Promise<void> {
    const paths = new Set(pathsOf(input.stored?.imgUrls))
    let recordMayExist = input.stored !== null
    for (const job of await this.jobsOf(input.kidId)) {
      if (job.payload.kind === 'delete') continue
      const { payload } = job
      for (const path of [...uploadedPathsOf(payload), ...payload.keptPaths, ...payload.cleanupPaths])
        paths.add(path)
      if (payload.kind === 'edit' || payload.handoffStarted || job.state === 'held') recordMayExist = true
      this.following.get(job.id)?.()
      await this.jobs.remove(job.id)
    }
    if (!recordMayExist && paths.size === 0) return
    const payload = cleanupOnly(input.kidId, [...paths])
    await this.jobs.add<ChildPayload>({
      kind: CHILD_KIND,
      owner: input.userId,
      // Nothing in Firestore to delete: only the photos are left to remove.
      payload: recordMayExist ? { ...payload, phase: 'send' } : payload,
    })
  }

  /** The parent's Retry on a failed submission. */
  async retry(id: string): Promise<void> {
    await this.jobs.retry(id)
  }

  /** The parent's Discard: drops the submission; photos it already uploaded are deleted from storage. */
  async discard(id: string): Promise<void> {
    const job = (await this.all()).find((kept) => kept.id === id)
    if (!job) return
    this.following.get(id)?.()
    await this.jobs.remove(id)
    // A new child the server may have stored after all (a crash after the hand-off) is deleted too.
    const deleteRecord = job.payload.kind === 'add' && job.payload.handoffStarted
    const paths = uploadedPathsOf(job.payload)
    if (!deleteRecord && paths.length === 0) return
    const payload = cleanupOnly(job.payload.kidId, paths)
    await this.jobs.add<ChildPayload>({
      kind: CHILD_KIND,
      owner: job.owner,
      payload: deleteRecord ? { ...payload, phase: 'send' } : payload,
    })
  }

  /**
   * Signing out, keeping the parent's unsent work for their next sign-in: Firestore's queue is cleared
   * with the rest of the device's data, so saves handed to it are queued again (their photos stay
   * uploaded) and handed over again, once, after the parent signs in.
   */
  async keepForLater(userId: string): Promise<void> {
    for (const job of await this.all(userId))
      if (job.state === 'held')
        await this.jobs.release<ChildPayload>(job.id, job.rev, {
          type: 'queue',
          change: (payload) => ({ ...payload, handedOffAt: 0 }),
        })
  }

  /**
   * Forgets every submission of a parent on this device (sign-out without keeping, account deleted).
   * Returns the storage paths no record can use any more, so the caller can delete them while the
   * parent is still signed in: photos uploaded for a change never handed to Firestore, and photos
   * already waiting for deletion. (The photos of a change that may have reached the server, and those
   * a pending edit would replace, stay: a record may still show them.)
   */
  async forget(userId: string): Promise<string[]> {
    const jobs = await this.all(userId)
    const orphans = jobs.flatMap(({ payload }) => {
      if (payload.phase === 'cleanup') return payload.cleanupPaths
      return payload.kind !== 'delete' && !payload.handoffStarted ? uploadedPathsOf(payload) : []
    })
    for (const job of jobs) await this.jobs.remove(job.id)
    return unique(orphans)
  }
}
