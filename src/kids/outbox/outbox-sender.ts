// The one sender of the outbox (docs/decisions/0002-exactly-once-outbox.md). It works for one signed-in
// parent at a time and stops the moment the account changes: every step checks the account, and
// uploads in flight are aborted. Each child has a lane of its own: its changes go out strictly in order,
// while a child whose photos upload slowly never holds up another's save. In a lane, photos are
// uploaded (each to its fixed path), then the record is handed to Firestore's local queue WITHOUT
// waiting for the server (which never answers offline); the server's answer is then followed on the
// record itself, across reloads, and never by writing again. Every step is persisted before the next
// starts and may safely run twice (same photo path, same record id), so a retry, a reload, a second tab
// or a crash between two steps never applies a submission twice and never loses one.
import {
  ABORTED,
  BackendError,
  isPermanentFailure,
  type KidSnapshot,
  type KidsPort,
  type PhotoBytes,
  type PhotoStoragePort,
  WRONG_ACCOUNT,
} from '../../shared/backend/kids-ports'
import { checkUploadablePhoto } from '../../shared/records/kid-photos'
import {
  buildKidRecord,
  type KidRecord,
  kidRecordProblems,
  type StoredKid,
} from '../../shared/records/kid-record'
import type { Submission } from './outbox-db'
import type { Outbox } from './outbox-store'

export type SenderEvent =
  | { readonly type: 'progress'; readonly submissionId: string; readonly fraction: number }
  | { readonly type: 'handedOff'; readonly submissionId: string }
  | { readonly type: 'saved'; readonly submissionId: string }
  | { readonly type: 'retrying'; readonly submissionId: string; readonly error: string; readonly at: number }
  | { readonly type: 'failed'; readonly submissionId: string; readonly error: string }

/** What the sender is doing for a submission right now (this tab), for the screens. */
export interface Activity {
  readonly uploaded: number
  readonly total: number
  /** Of the photo on its way, 0 to 1. */
  readonly fraction: number
}

/** Runs `work` exclusively under `name` (across the tabs of this browser where it has Web Locks). */
export type LockFn = (name: string, signal: AbortSignal, work: () => Promise<void>) => Promise<void>

export interface SenderOptions {
  readonly outbox: Outbox
  readonly kids: KidsPort
  readonly photos: PhotoStoragePort
  readonly now?: () => number
  /** Wait before the n-th retry (n >= 1). */
  readonly backoffMs?: (attempt: number) => number
  readonly lock?: LockFn
  /** Photos uploading at once, over all children (a phone's connection is narrow). */
  readonly uploadSlots?: number
  /** Keeps the device's own copy of a photo once uploaded: this phone never downloads it again. */
  readonly keepCopy?: (owner: string, path: string, photo: PhotoBytes) => Promise<void>
}

/** 2 s, 4 s, 8 s ... capped at one minute. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1))
}

/** One lane per child at a time across every open tab of the app, where Web Locks exist. */
export const webLock: LockFn = async (name, signal, work) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return work()
  try {
    await locks.request(name, { signal }, work)
  } catch (error) {
    if (!signal.aborted) throw error // given up waiting for the lock at sign-out: nothing to do
  }
}

type StepResult = 'done' | 'stale' | 'wait' | 'failed' | 'stopped'

interface Binding {
  readonly userId: string
  readonly controller: AbortController
}

interface Lane {
  again: boolean
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function laneOf(entry: Submission): string {
  // A stray photo's deletion belongs to no child: a lane of its own.
  return entry.kidId || `cleanup-${entry.id}`
}

/** The record an entry writes (its photos all uploaded). */
export function recordOf(entry: Submission, userId: string): KidRecord | null {
  if (!entry.fields) return null
  return buildKidRecord(entry.fields, entry.imgPaths, userId)
}

/** Whether the stored record is the one written (the server's timestamp aside). */
export function sameRecord(stored: StoredKid, record: KidRecord): boolean {
  const keys = Object.keys(record) as (keyof KidRecord)[]
  return keys.every((key) =>
    key === 'imgUrls'
      ? stored.imgUrls.length === record.imgUrls.length &&
        stored.imgUrls.every((path, i) => path === record.imgUrls[i])
      : stored[key] === record[key],
  )
}

/** Limits how many uploads run at once; a waiting turn is given up when its signal fires. */
class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(size: number) {
    this.free = size
  }

  async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1
    else
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal.removeEventListener('abort', giveUp)
          resolve()
        }
        const giveUp = () => {
          this.waiting.splice(this.waiting.indexOf(turn), 1)
          reject(new BackendError('Stopped', { permanent: false, code: ABORTED }))
        }
        this.waiting.push(turn)
        signal.addEventListener('abort', giveUp, { once: true })
      })
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.free += 1
    }
  }
}

export class OutboxSender {
  private readonly outbox: Outbox
  private readonly kids: KidsPort
  private readonly photos: PhotoStoragePort
  private readonly now: () => number
  private readonly backoffMs: (attempt: number) => number
  private readonly lock: LockFn
  private readonly slots: Slots
  private readonly keepCopy: SenderOptions['keepCopy']
  private readonly listeners = new Set<(event: SenderEvent) => void>()
  private readonly activityListeners = new Set<() => void>()
  private activity: ReadonlyMap<string, Activity> = new Map()
  private binding: Binding | null = null
  private stopped = false
  private readonly lanes = new Map<string, Lane>()
  private readonly running = new Set<Promise<void>>()
  /** Saves whose server answer is being followed (submission id -> unsubscribe). */
  private readonly following = new Map<string, () => void>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private timerAt = Number.POSITIVE_INFINITY

  constructor(options: SenderOptions) {
    this.outbox = options.outbox
    this.kids = options.kids
    this.photos = options.photos
    this.now = options.now ?? (() => Date.now())
    this.backoffMs = options.backoffMs ?? defaultBackoffMs
    this.lock = options.lock ?? webLock
    this.slots = new Slots(options.uploadSlots ?? 2)
    this.keepCopy = options.keepCopy
  }

  onEvent(listener: (event: SenderEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(event: SenderEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  /** What is uploading in this tab right now, per submission (for useSyncExternalStore). */
  currentActivity = (): ReadonlyMap<string, Activity> => this.activity

  subscribeActivity = (listener: () => void): (() => void) => {
    this.activityListeners.add(listener)
    return () => this.activityListeners.delete(listener)
  }

  private setActivity(submissionId: string, next: Activity | null): void {
    const map = new Map(this.activity)
    if (next) map.set(submissionId, next)
    else map.delete(submissionId)
    this.activity = map
    for (const listener of this.activityListeners) listener()
  }

  /** The parent the sender works for, or null (signed out): the previous parent's work stops at once. */
  get userId(): string | null {
    return this.binding?.userId ?? null
  }

  /**
   * Binds the sender to a signed-in parent (null: nobody). A change aborts the uploads in flight and
   * ends every lane before it takes another step; the new parent's work, if any, starts.
   */
  bindUser(userId: string | null): void {
    if (this.stopped) userId = null
    if ((this.binding?.userId ?? null) === userId) return
    this.binding?.controller.abort()
    for (const stop of this.following.values()) stop()
    this.following.clear()
    this.clearTimer()
    this.binding = userId ? { userId, controller: new AbortController() } : null
    if (this.binding) {
      void this.followHandedOff(this.binding).catch((error: unknown) =>
        console.warn('The outbox could not follow its saves', error),
      )
      this.kick()
    }
  }

  private current(binding: Binding): boolean {
    return this.binding === binding && !binding.controller.signal.aborted
  }

  /** Asks for work now (start-up, a new submission, a retry). Never throws. */
  kick(): void {
    const binding = this.binding
    if (!binding) return
    this.track(this.scan(binding))
  }

  /** Retries waiting for their backoff start now (online again, the app visible, 'Retry now'). */
  async wake(): Promise<void> {
    const binding = this.binding
    if (!binding) return
    await this.outbox.steps.wakeUp(binding.userId)
    this.kick()
  }

  /** Stops for good (tests, a runtime being thrown away). */
  stop(): void {
    this.stopped = true
    this.bindUser(null)
  }

  /** Resolves when no lane is running (tests, sign-out). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }

  /** Lanes idle and every server answer received so far handled (tests). */
  async settled(): Promise<void> {
    do {
      await this.idle()
      // An answer delivered meanwhile (a microtask) may start more work.
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
    } while (this.running.size > 0)
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => console.warn('The outbox could not send for now', error))
      .finally(() => this.running.delete(tracked))
    this.running.add(tracked)
  }

  private async scan(binding: Binding): Promise<void> {
    const entries = await this.outbox.list(binding.userId)
    if (!this.current(binding)) return
    const lanes = new Set(
      entries.filter((entry) => entry.state === 'queued' || entry.state === 'cleanup').map(laneOf),
    )
    for (const lane of lanes) this.startLane(binding, lane)
  }

  private startLane(binding: Binding, key: string): void {
    const id = `${binding.userId}\u0000${key}`
    const running = this.lanes.get(id)
    if (running) {
      running.again = true // it looks once more before it ends
      return
    }
    const lane: Lane = { again: false }
    this.lanes.set(id, lane)
    this.track(
      this.runLane(binding, key, lane).finally(() => {
        if (this.lanes.get(id) === lane) this.lanes.delete(id)
      }),
    )
  }

  private async runLane(binding: Binding, key: string, lane: Lane): Promise<void> {
    do {
      lane.again = false
      await this.lock(`sunbeam-outbox:${binding.userId}:${key}`, binding.controller.signal, () =>
        this.workLane(binding, key),
      )
    } while (lane.again && this.current(binding))
  }

  /** One child's changes, oldest first; a photo clean-up never holds up a save. */
  private async workLane(binding: Binding, key: string): Promise<void> {
    while (this.current(binding)) {
      const entries = (await this.outbox.list(binding.userId)).filter((entry) => laneOf(entry) === key)
      if (!this.current(binding)) return
      const now = this.now()
      const queued = entries.find((entry) => entry.state === 'queued')
      const cleanup = entries.find((entry) => entry.state === 'cleanup' && entry.nextAttemptAt <= now)
      let result: StepResult | null = null
      if (queued && queued.nextAttemptAt <= now) result = await this.send(binding, queued)
      else if (cleanup) result = await this.cleanUp(binding, cleanup)
      if (result === null || result === 'stopped') {
        const waiting = entries.filter(
          (entry) => (entry.state === 'queued' || entry.state === 'cleanup') && entry.nextAttemptAt > now,
        )
        for (const entry of waiting) this.schedule(entry.nextAttemptAt)
        return
      }
    }
  }

  private assertCurrent(binding: Binding): void {
    if (!this.current(binding))
      throw new BackendError('The account changed', { permanent: false, code: ABORTED })
  }

  private async send(binding: Binding, entry: Submission): Promise<StepResult> {
    try {
      if (entry.kind === 'delete') {
        this.assertCurrent(binding)
        await this.kids.deleteKid(entry.kidId, { asUser: binding.userId })
        await this.outbox.steps.markRecordDeleted(entry.id)
        return 'done'
      }
      const total = entry.photos.length
      let uploaded = entry.photos.filter((photo) => photo.uploaded).length
      for (const photo of entry.photos) {
        if (photo.uploaded) continue // uploaded before a reload or a crash: never again
        const bytes = await this.outbox.photoBytes(photo.id)
        if (!bytes) {
          const fresh = await this.outbox.get(entry.id)
          // The parent changed the photos meanwhile: look again. Otherwise the device lost them.
          if (fresh?.rev !== entry.rev) return 'stale'
          throw new BackendError('A photo of this child is missing on this device', {
            permanent: true,
            code: 'missing-photo',
          })
        }
        const problem = checkUploadablePhoto({
          name: photo.name,
          type: bytes.type,
          size: bytes.data.byteLength,
        })
        if (problem) throw new BackendError(problem, { permanent: true, code: 'invalid-file' })
        const report = (fraction: number) => {
          this.setActivity(entry.id, { uploaded, total, fraction })
          this.emit({ type: 'progress', submissionId: entry.id, fraction: (uploaded + fraction) / total })
        }
        report(0)
        const photoBytes = { data: bytes.data, type: bytes.type }
        await this.slots.run(binding.controller.signal, async () => {
          this.assertCurrent(binding)
          await this.photos.upload(photo.path, photoBytes, {
            asUser: binding.userId,
            signal: binding.controller.signal,
            onProgress: report,
          })
        })
        this.assertCurrent(binding)
        await this.keepCopy?.(binding.userId, photo.path, photoBytes).catch((error: unknown) =>
          console.warn('This device could not keep its copy of a photo', error),
        )
        if (!(await this.outbox.steps.markPhotoUploaded(entry.id, binding.userId, photo.id, photo.path)))
          return 'stale'
        uploaded += 1
        report(0)
      }
      const fresh = await this.outbox.get(entry.id)
      if (!fresh || fresh.rev !== entry.rev || fresh.state !== 'queued') return 'stale'
      return await this.handOff(binding, fresh)
    } catch (error) {
      return this.failure(binding, entry, error)
    } finally {
      this.setActivity(entry.id, null)
    }
  }

  /**
   * Reads what this device knows of a record now; null when it cannot tell within a few seconds (a
   * record this device never had is not in its cache, and Firestore may wait for its server first).
   */
  private peek(kidId: string): Promise<KidSnapshot | 'forbidden' | null> {
    return new Promise((resolve) => {
      let done = false
      const finish = (answer: KidSnapshot | 'forbidden' | null) => {
        if (done) return
        done = true
        clearTimeout(timeout)
        stop?.()
        resolve(answer)
      }
      const timeout = setTimeout(() => finish(null), 5_000)
      let stop: (() => void) | null = null
      stop = this.kids.watchKid(kidId, finish)
      if (done) stop()
    })
  }

  /** Puts the record into Firestore's local queue, once. */
  private async handOff(binding: Binding, entry: Submission): Promise<StepResult> {
    const record = recordOf(entry, binding.userId)
    if (!record) throw new BackendError('A save without fields', { permanent: true, code: 'invalid' })
    const problems = kidRecordProblems(record)
    if (problems.length > 0)
      throw new BackendError(problems.join('; '), { permanent: true, code: 'invalid-record' })
    let written = false
    if (entry.handoffStarted) {
      // An earlier page or tab may have written this very record, then died before noting it.
      const known = await this.peek(entry.kidId)
      written = known !== null && known !== 'forbidden' && known.kid !== null && sameRecord(known.kid, record)
    }
    if (!written) {
      // Persisted before the write: if the page dies right after it, a discard knows the record may exist.
      if (!entry.handoffStarted) await this.outbox.steps.markHandoffStarted(entry.id)
      this.assertCurrent(binding)
      await this.kids.saveKid(entry.kidId, record, { asUser: binding.userId })
    }
    if (!(await this.outbox.steps.markHandedOff(entry.id, entry.rev))) return 'stale' // changed meanwhile
    this.emit({ type: 'handedOff', submissionId: entry.id })
    this.follow(binding, { ...entry, state: 'handedOff' })
    return 'done'
  }

  private async failure(binding: Binding, entry: Submission, error: unknown): Promise<StepResult> {
    const code = error instanceof BackendError ? error.code : ''
    // The account changed, or this work was aborted: not a failure of the submission.
    if (!this.current(binding) || code === ABORTED || code === WRONG_ACCOUNT) return 'stopped'
    const message = describe(error)
    if (isPermanentFailure(error)) {
      if (await this.outbox.steps.markFailed(entry.id, entry.rev, message))
        this.emit({ type: 'failed', submissionId: entry.id, error: message })
      return 'failed'
    }
    const at = this.now() + this.backoffMs(entry.attempts + 1)
    await this.outbox.steps.markRetry(entry.id, entry.rev, message, at)
    this.emit({ type: 'retrying', submissionId: entry.id, error: message, at })
    this.schedule(at)
    return 'wait'
  }

  /** Follows every save of the parent still waiting for the server (after a reload, a sign-in). */
  private async followHandedOff(binding: Binding): Promise<void> {
    const entries = await this.outbox.list(binding.userId)
    for (const entry of entries) if (entry.state === 'handedOff') this.follow(binding, entry)
  }

  /** Waits for the server's answer on the record itself: it survives reloads, unlike a write's promise. */
  private follow(binding: Binding, entry: Submission): void {
    if (!this.current(binding) || this.following.has(entry.id)) return
    let answered = false
    // Whether Firestore's queue was seen holding the write: if it then leaves without the record, the
    // server refused it, even in a snapshot that is still 'from cache' (the write stream's refusal can
    // come before the listen stream has caught up).
    let queued = false
    const stop = this.kids.watchKid(entry.kidId, (snapshot) => {
      if (answered || snapshot === 'forbidden') return
      if (snapshot.pendingWrite) {
        queued = true
        return
      }
      answered = true
      this.following.get(entry.id)?.()
      this.following.delete(entry.id)
      this.track(this.answered(binding, entry, snapshot, queued))
    })
    if (answered) stop()
    else this.following.set(entry.id, stop)
  }

  private async answered(
    binding: Binding,
    entry: Submission,
    snapshot: KidSnapshot,
    queued: boolean,
  ): Promise<void> {
    if (!this.current(binding)) return
    const record = recordOf(entry, binding.userId)
    if (record && snapshot.kid && sameRecord(snapshot.kid, record)) {
      await this.outbox.steps.completeSave(entry.id, entry.rev)
      this.emit({ type: 'saved', submissionId: entry.id })
      this.kick() // replaced photos can go now
      return
    }
    if (snapshot.fromCache && !queued) {
      // Not in Firestore's queue, and not saved as far as this device knows: its data was cleared.
      // Hand the same record over again, once.
      if (await this.outbox.steps.requeue(entry.id, entry.rev)) this.kick()
      return
    }
    // The server has answered with something else: it refused the write (the rules). That will not
    // change on a retry.
    const message = 'The server refused to save this child'
    if (await this.outbox.steps.markFailed(entry.id, entry.rev, message))
      this.emit({ type: 'failed', submissionId: entry.id, error: message })
  }

  /** Deletes the photos an entry no longer needs. */
  private async cleanUp(binding: Binding, entry: Submission): Promise<StepResult> {
    if (entry.cleanupPaths.length === 0) {
      await this.outbox.steps.markRecordDeleted(entry.id)
      return 'done'
    }
    for (const path of entry.cleanupPaths) {
      try {
        this.assertCurrent(binding)
        await this.photos.delete(path)
      } catch (error) {
        if (!this.current(binding)) return 'stopped'
        if (!isPermanentFailure(error)) {
          const at = this.now() + this.backoffMs(entry.attempts + 1)
          await this.outbox.steps.markRetry(entry.id, entry.rev, describe(error), at)
          this.schedule(at)
          return 'wait'
        }
        // Refused for good (not ours any more): nothing more this device can do about it.
        console.warn(`A photo that is no longer used could not be deleted: ${path}`, error)
      }
      await this.outbox.steps.markCleanedUp(entry.id, path)
    }
    return 'done'
  }

  private schedule(at: number): void {
    if (!this.binding || at >= this.timerAt) return
    this.clearTimer()
    this.timerAt = at
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.timerAt = Number.POSITIVE_INFINITY
        this.kick()
      },
      Math.max(0, at - this.now()),
    )
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.timerAt = Number.POSITIVE_INFINITY
  }
}
