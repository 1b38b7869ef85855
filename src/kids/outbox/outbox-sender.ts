// The one sender of the outbox. It works through a parent's submissions in order: uploads the photos
// (each to its fixed path), then hands the record to Firestore's local queue WITHOUT waiting for the
// server's acknowledgement (which never comes offline), then follows that acknowledgement in the
// background to delete replaced photos. Every step is persisted before the next one starts, and every
// step may safely run twice (same photo path, same record id), so a retry, a reload or a crash between
// two steps never applies a submission twice and never loses one.
import {
  BackendError,
  isPermanentFailure,
  type KidsPort,
  type PhotoStoragePort,
} from '../../shared/backend/kids-ports'
import { checkUploadablePhoto } from '../../shared/records/kid-photos'
import { buildKidRecord, kidRecordProblems } from '../../shared/records/kid-record'
import type { Outbox, Submission } from './outbox-store'

export type SenderEvent =
  | { readonly type: 'progress'; readonly submissionId: string; readonly fraction: number }
  | { readonly type: 'handedOff'; readonly submissionId: string }
  | { readonly type: 'retrying'; readonly submissionId: string; readonly error: string; readonly at: number }
  | { readonly type: 'failed'; readonly submissionId: string; readonly error: string }

export interface SenderOptions {
  readonly outbox: Outbox
  readonly kids: KidsPort
  readonly photos: PhotoStoragePort
  /** The signed-in parent; the sender works only on that parent's submissions. */
  readonly userId: () => string | null
  readonly now?: () => number
  /** Wait before the n-th retry (n >= 1). */
  readonly backoffMs?: (attempt: number) => number
  /** Runs one pass exclusively (across tabs where the browser has Web Locks). */
  readonly lock?: (pass: () => Promise<void>) => Promise<void>
}

/** 2 s, 4 s, 8 s ... capped at one minute. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1))
}

/** One pass at a time across every open tab of the app (one sender), where Web Locks exist. */
export function webLock(pass: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return pass()
  return locks.request('sunbeam-outbox-sender', pass)
}

type SendResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'stale' }
  | { readonly kind: 'retry'; readonly at: number }
  | { readonly kind: 'failed' }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

type Ack = { readonly ok: true } | { readonly ok: false; readonly error: unknown }

export class OutboxSender {
  private readonly outbox: Outbox
  private readonly kids: KidsPort
  private readonly photos: PhotoStoragePort
  private readonly userId: () => string | null
  private readonly now: () => number
  private readonly backoffMs: (attempt: number) => number
  private readonly lock: (pass: () => Promise<void>) => Promise<void>
  private readonly listeners = new Set<(event: SenderEvent) => void>()
  /** Saves whose server answer this session follows (submission id -> rev). */
  private readonly following = new Map<string, number>()
  /** Handlers of server answers still running. */
  private readonly answering = new Set<Promise<void>>()
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private timerAt = Number.POSITIVE_INFINITY
  /** Hand-offs older than this sender were made by an earlier page (or another tab). */
  private readonly startedAt: number

  constructor(options: SenderOptions) {
    this.outbox = options.outbox
    this.kids = options.kids
    this.photos = options.photos
    this.userId = options.userId
    this.now = options.now ?? (() => Date.now())
    this.backoffMs = options.backoffMs ?? defaultBackoffMs
    this.lock = options.lock ?? webLock
    this.startedAt = this.now()
  }

  onEvent(listener: (event: SenderEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(event: SenderEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  /**
   * Asks for a pass now (start-up, a new submission). A pass already running is followed by another,
   * so nothing queued meanwhile waits for the next trigger. Resolves when the sender is idle.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          await this.lock(() => this.pass())
        } while (this.again && !this.stopped)
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  /** Resolves when no pass is running (tests). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve()
  }

  /** Resolves when no pass runs and every server answer received so far has been handled (tests). */
  async settled(): Promise<void> {
    while (this.running || this.answering.size > 0) {
      await this.idle()
      await Promise.all(this.answering)
    }
  }

  /** A pass the sender starts itself (timer, server answer): a failure waits for the next trigger. */
  private kickQuietly(): void {
    this.kick().catch((error: unknown) => console.warn('The outbox could not send for now', error))
  }

  /** The device came online or the app became visible: waiting retries start now. */
  async wakeUp(): Promise<void> {
    await this.outbox.wakeUp()
    await this.kick()
  }

  /** Stops timers and further passes (tests, sign-out). */
  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private schedule(at: number): void {
    if (this.stopped || at >= this.timerAt) return
    if (this.timer) clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.timerAt = Number.POSITIVE_INFINITY
        this.kickQuietly()
      },
      Math.max(0, at - this.now()),
    )
  }

  private async pass(): Promise<void> {
    const userId = this.userId()
    if (!userId || this.stopped) return
    const entries = await this.outbox.list(userId)
    let blocked = false
    let wakeAt = Number.POSITIVE_INFINITY
    for (const entry of entries) {
      if (this.stopped) return
      const now = this.now()
      if (entry.state === 'failed') continue
      if (entry.state === 'handedOff') {
        // Its acknowledgement was lost with an earlier page: hand the same record over again (an
        // overwrite with equal content, so still applied once) to learn the server's answer.
        if (!this.following.has(entry.id) && entry.handedOffAt < this.startedAt)
          await this.rehand(entry, userId)
        continue
      }
      if (entry.state === 'cleanup') {
        if (entry.nextAttemptAt > now) wakeAt = Math.min(wakeAt, entry.nextAttemptAt)
        else {
          const retryAt = await this.cleanUp(entry)
          if (retryAt !== null) wakeAt = Math.min(wakeAt, retryAt)
        }
        continue
      }
      // queued: strictly in order, so a later change of a child never overtakes an earlier one.
      if (blocked) continue
      if (entry.nextAttemptAt > now) {
        blocked = true
        wakeAt = Math.min(wakeAt, entry.nextAttemptAt)
        continue
      }
      const result = await this.send(entry, userId)
      if (result.kind === 'stale') {
        blocked = true
        this.again = true
      } else if (result.kind === 'retry') {
        blocked = true
        wakeAt = Math.min(wakeAt, result.at)
      }
    }
    if (wakeAt < Number.POSITIVE_INFINITY) this.schedule(wakeAt)
  }

  private async send(entry: Submission, userId: string): Promise<SendResult> {
    try {
      if (entry.kind === 'delete') {
        await this.kids.deleteKid(entry.kidId)
        await this.outbox.markRecordDeleted(entry.id)
        this.again = true // its photos are next
        return { kind: 'done' }
      }
      const total = entry.photos.length
      let uploaded = entry.photos.filter((photo) => photo.url !== null).length
      for (const photo of entry.photos) {
        if (photo.url !== null) continue // uploaded before a reload or a crash: never again
        const bytes = await this.outbox.photoBytes(photo.id)
        if (!bytes) return { kind: 'stale' }
        const problem = checkUploadablePhoto({
          name: photo.name,
          type: bytes.type,
          size: bytes.data.byteLength,
        })
        if (problem) throw new BackendError(problem, { permanent: true, code: 'invalid-file' })
        const url = await this.photos.upload(photo.path, { data: bytes.data, type: bytes.type }, (fraction) =>
          this.emit({ type: 'progress', submissionId: entry.id, fraction: (uploaded + fraction) / total }),
        )
        if (!(await this.outbox.markPhotoUploaded(entry.id, userId, photo.id, url))) return { kind: 'stale' }
        uploaded += 1
        this.emit({ type: 'progress', submissionId: entry.id, fraction: uploaded / total })
      }
      const fresh = await this.outbox.get(entry.id)
      if (!fresh || fresh.rev !== entry.rev || fresh.state !== 'queued') return { kind: 'stale' }
      await this.handOff(fresh, userId, true)
      return { kind: 'done' }
    } catch (error) {
      return this.failure(entry, error)
    }
  }

  private async failure(entry: Submission, error: unknown): Promise<SendResult> {
    const message = describe(error)
    if (isPermanentFailure(error)) {
      if (await this.outbox.markFailed(entry.id, entry.rev, message))
        this.emit({ type: 'failed', submissionId: entry.id, error: message })
      return { kind: 'failed' }
    }
    const at = this.now() + this.backoffMs(entry.attempts + 1)
    await this.outbox.markRetry(entry.id, entry.rev, message, at)
    this.emit({ type: 'retrying', submissionId: entry.id, error: message, at })
    return { kind: 'retry', at }
  }

  /** Builds the record from the entry (all photos uploaded) and puts it into Firestore's local queue. */
  private async handOff(entry: Submission, userId: string, first: boolean): Promise<void> {
    if (!entry.fields) throw new BackendError('A save without fields', { permanent: true, code: 'invalid' })
    const imgUrls = entry.photos.length > 0 ? entry.photos.map((photo) => photo.url ?? '') : entry.keptUrls
    const record = buildKidRecord(entry.fields, imgUrls, userId)
    const problems = kidRecordProblems(record)
    if (problems.length > 0)
      throw new BackendError(problems.join('; '), { permanent: true, code: 'invalid-record' })
    // Persisted before the write: if the page dies right after it, a discard knows the record may exist.
    if (!entry.handoffStarted) await this.outbox.markHandoffStarted(entry.id)
    const queued = await this.kids.saveKid(entry.kidId, record)
    // Catch at once (the answer may come before the marker below is written), act on it afterwards.
    const ack: Promise<Ack> = queued.acknowledged.then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error }),
    )
    if (first && !(await this.outbox.markHandedOff(entry.id, entry.rev))) {
      this.again = true // changed meanwhile: the newer content is sent next, overwriting this one
      return
    }
    if (first) this.emit({ type: 'handedOff', submissionId: entry.id })
    this.following.set(entry.id, entry.rev)
    const handled: Promise<void> = ack
      .then((answer) => this.acknowledged(entry, answer))
      .catch((error: unknown) => console.warn('The outbox could not note the server answer', error))
      .finally(() => this.answering.delete(handled))
    this.answering.add(handled)
  }

  private async rehand(entry: Submission, userId: string): Promise<void> {
    try {
      await this.handOff(entry, userId, false)
    } catch (error) {
      if (isPermanentFailure(error) && (await this.outbox.markFailed(entry.id, entry.rev, describe(error))))
        this.emit({ type: 'failed', submissionId: entry.id, error: describe(error) })
    }
  }

  private async acknowledged(entry: Submission, answer: Ack): Promise<void> {
    if (this.following.get(entry.id) === entry.rev) this.following.delete(entry.id)
    if (answer.ok) {
      await this.outbox.completeSave(entry.id, entry.rev)
      this.kickQuietly() // replaced photos can go now
      return
    }
    // Firestore gives up on a write only when the server refuses it (the rules): that will not change.
    const message = describe(answer.error)
    if (await this.outbox.markFailed(entry.id, entry.rev, message))
      this.emit({ type: 'failed', submissionId: entry.id, error: message })
  }

  /** Deletes the photos an entry no longer needs. Returns when to try again, or null when done. */
  private async cleanUp(entry: Submission): Promise<number | null> {
    if (entry.cleanupUrls.length === 0) {
      await this.outbox.markRecordDeleted(entry.id)
      return null
    }
    for (const url of entry.cleanupUrls) {
      try {
        await this.photos.deleteByUrl(url)
      } catch (error) {
        if (!isPermanentFailure(error)) {
          const at = this.now() + this.backoffMs(entry.attempts + 1)
          await this.outbox.markRetry(entry.id, entry.rev, describe(error), at)
          return at
        }
        // Refused for good (not ours any more): nothing more this device can do about it.
        console.warn(`A photo that is no longer used could not be deleted: ${url}`, error)
      }
      await this.outbox.markCleanedUp(entry.id, url)
    }
    return null
  }
}
