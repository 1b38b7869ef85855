// The one sender of the outbox (docs/decisions/0002-exactly-once-outbox.md). It works for one signed-in
// parent at a time and stops the moment the account changes: every step checks the account, and
// uploads in flight are aborted. Each child has a lane of its own: its changes go out strictly in order,
// while a child whose photos upload slowly never holds up another's save. In a lane, photos are
// uploaded (each to its fixed path), then the record is handed to Firestore (outbox-handoff.ts). Every
// step is persisted before the next starts and may safely run twice (same photo path, same record id),
// so a retry, a reload, a second tab or a crash between two steps never applies a submission twice and
// never loses one.

import { SerialRuns } from '#shared/async/serial-runs'
import { Slots } from '#shared/async/slots'
import {
  ABORTED,
  BackendError,
  isPermanentFailure,
  type KidsPort,
  type PhotoBytes,
  type PhotoStoragePort,
  WRONG_ACCOUNT,
} from '#shared/backend/kids-ports'
import { type LockFn, webLock } from '#shared/device/web-lock'
import { checkUploadablePhoto } from '#shared/records/kid-photos'
import type { Submission } from './outbox-db'
import { type Binding, Handoff, type StepResult } from './outbox-handoff'
import type { Outbox } from './outbox-store'
import type { Activity, SenderEvent } from './sender-events'

export type { Activity, SenderEvent } from './sender-events'

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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function laneOf(entry: Submission): string {
  // A stray photo's deletion belongs to no child: a lane of its own.
  return entry.kidId || `cleanup-${entry.id}`
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
  /** Hands saves to Firestore and follows the server's answers. */
  private readonly handoff: Handoff
  private readonly listeners = new Set<(event: SenderEvent) => void>()
  private readonly activityListeners = new Set<() => void>()
  private activity: ReadonlyMap<string, Activity> = new Map()
  private binding: Binding | null = null
  private stopped = false
  private readonly lanes = new SerialRuns()
  private readonly running = new Set<Promise<void>>()
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
    this.handoff = new Handoff({
      outbox: this.outbox,
      kids: this.kids,
      current: (binding) => this.current(binding),
      track: (work) => this.track(work),
      emit: (event) => this.emit(event),
      kick: () => this.kick(),
    })
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
    this.handoff.stopFollowing()
    this.clearTimer()
    this.binding = userId ? { userId, controller: new AbortController() } : null
    if (this.binding) {
      void this.handoff
        .followHandedOff(this.binding)
        .catch((error: unknown) => console.warn('The outbox could not follow its saves', error))
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

  /** A lane runs once at a time in this tab (a running one looks once more), and in one tab at a time. */
  private startLane(binding: Binding, key: string): void {
    const run = this.lanes.start(
      `${binding.userId}\u0000${key}`,
      () =>
        this.lock(`sunbeam-outbox:${binding.userId}:${key}`, binding.controller.signal, () =>
          this.workLane(binding, key),
        ),
      () => this.current(binding),
    )
    if (run) this.track(run)
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
        await this.slots.run(
          binding.controller.signal,
          async () => {
            this.assertCurrent(binding)
            await this.photos.upload(photo.path, photoBytes, {
              asUser: binding.userId,
              signal: binding.controller.signal,
              onProgress: report,
            })
          },
          () => new BackendError('Stopped', { permanent: false, code: ABORTED }),
        )
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
      return await this.handoff.handOff(binding, fresh)
    } catch (error) {
      return this.failure(binding, entry, error)
    } finally {
      this.setActivity(entry.id, null)
    }
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
    const at = await this.retryLater(entry, message)
    this.emit({ type: 'retrying', submissionId: entry.id, error: message, at })
    return 'wait'
  }

  /** A transient failure: the entry waits for its backoff (the timer wakes its lane). */
  private async retryLater(entry: Submission, message: string): Promise<number> {
    const at = this.now() + this.backoffMs(entry.attempts + 1)
    await this.outbox.steps.markRetry(entry.id, entry.rev, message, at)
    this.schedule(at)
    return at
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
          await this.retryLater(entry, describe(error))
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
