// The one outbox engine (docs/decisions/0067-one-outbox-engine.md), in the shape of Workbox's
// background sync (QueueDb, QueueStore, Queue): jobs kept on the device (job-db.ts), each sent by the
// handler its feature registered for its kind. One retry policy for every kind (job.ts), one sender
// across tabs (a Web Lock per lane: a job, or the lane its handler names), and what happens told as
// events, in this tab and the app's other tabs: the features turn them into words. It imports nothing
// of its users: no screen, no feature, no toast.
import { SerialRuns } from '#shared/async/serial-runs'
import { type LockFn, webLock } from '#shared/device/web-lock'
import { newRandomId } from '#shared/records/ids'
import { backoffMs, DEFAULT_RETRY, type Job, type JobBlob, type NewJob, type RetryPolicy } from './job'
import type { JobDb } from './job-db'

/** How one run of a handler ended. */
export type JobStep =
  /** The server has it: the job and its bytes go. */
  | { readonly type: 'done' }
  /** Not now (offline, no answer): tried again after the backoff, or sooner (online, visible). */
  | { readonly type: 'retry'; readonly error: string }
  /**
   * Refused for good. keep: the job stays, failed, for its owner to mend (then `retry`) or dismiss;
   * otherwise it goes. `detail` travels with the event (a refusal's reason).
   */
  | { readonly type: 'failed'; readonly error: string; readonly keep: boolean; readonly detail?: unknown }
  /** Sent, but kept (held) until its feature lets it go (`remove`). */
  | { readonly type: 'hold' }
  /** The work was stopped (the account changed): nothing to note. */
  | { readonly type: 'stopped' }

/** What a handler may do while it runs a job. */
export interface JobContext<Payload> {
  /** Aborted when the job's owner is no longer the one the engine works for. */
  readonly signal: AbortSignal
  /** Bytes kept with the job. */
  blob(id: string): Promise<JobBlob | undefined>
  /** Tells the screens how far it got (0 to 1). */
  progress(fraction: number): void
  /**
   * Persists a step marker: the job's payload becomes `change(payload)`, unless the job changed
   * meanwhile (false then: the handler stops, and the job is run again as it is now).
   */
  mark(change: (payload: Payload) => Payload): Promise<boolean>
}

/** A feature's sender for one kind of job. */
export interface KindHandler<Payload = unknown> {
  /** Sends the job once; may run again after a crash or a reload, so every step must be safe twice. */
  run(job: Job<Payload>, context: JobContext<Payload>): Promise<JobStep>
  /** Jobs of one lane go strictly one after another, in the order they were queued (default: the job's id). */
  lane?(job: Job<Payload>): string
}

/** Bytes a change of a job brings, and which of its others it keeps. */
export interface BlobChange {
  /** Added to the job's, or replacing its blob of the same id. */
  readonly put?: readonly Omit<JobBlob, 'jobId'>[]
  /** The job's other blobs this refuses go (without it, all stay); asked after the payload changed. */
  readonly keep?: (blobId: string) => boolean
}

/** How a feature lets go of a job it held (`release`). */
export type Release<Payload> =
  | { readonly type: 'done' }
  | { readonly type: 'queue'; readonly change: (payload: Payload) => Payload; readonly dropBlobs?: boolean }
  | { readonly type: 'failed'; readonly error: string; readonly detail?: unknown }

/** What the engine tells its users, in this tab and (except progress) in the app's other tabs. */
export type OutboxEvent =
  | { readonly type: 'progress'; readonly jobId: string; readonly kind: string; readonly fraction: number }
  | { readonly type: 'done'; readonly jobId: string; readonly kind: string }
  | { readonly type: 'held'; readonly jobId: string; readonly kind: string }
  | {
      readonly type: 'retrying'
      readonly jobId: string
      readonly kind: string
      readonly error: string
      readonly at: number
    }
  | {
      readonly type: 'failed'
      readonly jobId: string
      readonly kind: string
      readonly error: string
      /** The job stays, failed, for its owner to mend or dismiss. */
      readonly kept: boolean
      readonly detail?: unknown
    }

/** The failure a job's `outcome` rejects with. */
export class JobFailedError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message)
    this.name = 'JobFailedError'
  }
}

/** The channel the app's tabs tell each other the outbox's events on. */
export const OUTBOX_EVENTS_CHANNEL = 'sunbeam-outbox-events'

export interface OutboxEngineOptions {
  readonly db: JobDb
  readonly now?: () => number
  readonly retry?: RetryPolicy
  readonly random?: () => number
  readonly lock?: LockFn
  /** The channel to the other tabs (null: none, as in tests); the engine closes it when it closes. */
  readonly channel?: BroadcastChannel | null
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export class OutboxEngine {
  readonly db: JobDb
  private readonly now: () => number
  private readonly retryPolicy: RetryPolicy
  private readonly random: () => number
  private readonly lock: LockFn
  private readonly channel: BroadcastChannel | null
  private readonly handlers = new Map<string, KindHandler<never>>()
  private readonly listeners = new Set<(event: OutboxEvent) => void>()
  private readonly lanes = new SerialRuns()
  private readonly running = new Set<Promise<void>>()
  /** Ownerless jobs (a visitor's) run until the engine closes. */
  private readonly anyone = new AbortController()
  /** The account the engine works for, and the controller its work stops by. */
  private user: { readonly id: string; readonly controller: AbortController } | null = null
  private closed = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private timerAt = Number.POSITIVE_INFINITY

  constructor(options: OutboxEngineOptions) {
    this.db = options.db
    this.now = options.now ?? Date.now
    this.retryPolicy = options.retry ?? DEFAULT_RETRY
    this.random = options.random ?? Math.random
    this.lock = options.lock ?? webLock
    this.channel = options.channel ?? null
    if (this.channel) this.channel.onmessage = (message: MessageEvent<OutboxEvent>) => this.tell(message.data)
  }

  /** A feature registers the handler of its kind; jobs of a kind nobody registered wait. */
  register<Payload>(kind: string, handler: KindHandler<Payload>): void {
    this.handlers.set(kind, handler as KindHandler<never>)
    this.kick()
  }

  onEvent(listener: (event: OutboxEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private tell(event: OutboxEvent): void {
    for (const listener of [...this.listeners]) listener(event)
  }

  private emit(event: OutboxEvent): void {
    this.tell(event)
    if (event.type !== 'progress') this.channel?.postMessage(event)
  }

  /**
   * Resolves when the job is done (here or in another tab), rejects with a JobFailedError when it is
   * refused. Held jobs count as done.
   */
  outcome(jobId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const stop = this.onEvent((event) => {
        if (event.jobId !== jobId) return
        if (event.type === 'done' || event.type === 'held') resolve()
        else if (event.type === 'failed') reject(new JobFailedError(event.error, event.detail))
        else return
        stop()
      })
    })
  }

  /** Queues a job (one transaction with its bytes); a job with that id already kept is left as it is. */
  async add<Payload>(job: NewJob<Payload>): Promise<string> {
    const id = job.id ?? newRandomId()
    await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      if (!(await this.db.jobs.get(id))) await this.insert(id, job)
    })
    this.kick()
    return id
  }

  /**
   * Changes a job's payload from outside the sender (an edit): queued again at once, its rev bumped so
   * that a run of the payload before is not noted. `blobs` brings bytes and lets go of others. False
   * when no job has this id.
   */
  async update<Payload>(
    jobId: string,
    change: (payload: Payload) => Payload,
    blobs: BlobChange = {},
  ): Promise<boolean> {
    const changed = await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      const job = (await this.db.jobs.get(jobId)) as Job<Payload> | undefined
      if (job) await this.change(job, change, blobs)
      return job !== undefined
    })
    if (changed) this.kick()
    return changed
  }

  /**
   * Queues the job under its id, or, when one is kept under it, changes that one as `update` does (its
   * blobs brought, the others `keep` refuses let go), in one transaction: a job that stands for one
   * thing (a child's file, replaced by each save) is never made twice, and no save is lost to another
   * tab's.
   */
  async addOrUpdate<Payload>(
    job: NewJob<Payload> & { readonly id: string },
    change: (payload: Payload) => Payload,
    keep?: (blobId: string) => boolean,
  ): Promise<void> {
    await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      const kept = (await this.db.jobs.get(job.id)) as Job<Payload> | undefined
      if (kept) await this.change(kept, change, { put: job.blobs ?? [], ...(keep ? { keep } : {}) })
      else await this.insert(job.id, job)
    })
    this.kick()
  }

  /** Writes a new job and its bytes (inside a transaction on jobs and blobs). */
  private async insert<Payload>(id: string, job: NewJob<Payload>): Promise<void> {
    await this.db.blobs.bulkPut((job.blobs ?? []).map((blob) => ({ ...blob, jobId: id })))
    const last = await this.db.jobs.orderBy('seq').last()
    await this.db.jobs.add({
      id,
      seq: (last?.seq ?? 0) + 1,
      kind: job.kind,
      owner: job.owner,
      state: job.state ?? 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      error: job.error ?? null,
      rev: 1,
      createdAt: job.createdAt ?? this.now(),
      payload: job.payload,
    })
  }

  /** Changes a kept job and its bytes, queued again at once (inside a transaction on jobs and blobs). */
  private async change<Payload>(
    job: Job<Payload>,
    change: (payload: Payload) => Payload,
    blobs: BlobChange,
  ): Promise<void> {
    const put = blobs.put ?? []
    const { keep } = blobs
    // The payload first: `keep` may depend on what the change made of it.
    const payload = change(job.payload)
    if (keep) {
      const brought = new Set(put.map((blob) => blob.id))
      await this.db.blobs
        .where('jobId')
        .equals(job.id)
        .filter((blob) => !brought.has(blob.id) && !keep(blob.id))
        .delete()
    }
    await this.db.blobs.bulkPut(put.map((blob) => ({ ...blob, jobId: job.id })))
    await this.db.jobs.put({
      ...job,
      payload,
      state: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      rev: job.rev + 1,
    })
  }

  /**
   * Lets go of a job its handler held (or is about to hold: the server's answer may come before the
   * run is noted), only while it is still the rev that run read: `done` (it goes with its bytes),
   * `queue` (queued again, its payload changed, its bytes kept or dropped) or `failed` (kept, failed).
   * Its rev is bumped, so the run's own note is not made. Told as the events a run's step is. False when
   * the job changed or went meanwhile.
   */
  async release<Payload>(jobId: string, rev: number, outcome: Release<Payload>): Promise<boolean> {
    const job = await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      const now = (await this.db.jobs.get(jobId)) as Job<Payload> | undefined
      if (!now || now.rev !== rev) return null
      if (outcome.type === 'done' || (outcome.type === 'queue' && outcome.dropBlobs))
        await this.db.blobs.where('jobId').equals(jobId).delete()
      if (outcome.type === 'done') await this.db.jobs.delete(jobId)
      else if (outcome.type === 'failed')
        await this.db.jobs.put({ ...now, state: 'failed', error: outcome.error, rev: now.rev + 1 })
      else
        await this.db.jobs.put({
          ...now,
          payload: outcome.change(now.payload),
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          error: null,
          rev: now.rev + 1,
        })
      return now
    })
    if (!job) return false
    const about = { jobId, kind: job.kind }
    if (outcome.type === 'done') this.emit({ type: 'done', ...about })
    else if (outcome.type === 'failed')
      this.emit({ type: 'failed', ...about, error: outcome.error, kept: true, detail: outcome.detail })
    else this.kick()
    return true
  }

  /** Its owner's Retry on a failed job. */
  async retry(jobId: string): Promise<void> {
    await this.db.transaction('rw', this.db.jobs, async () => {
      const job = await this.db.jobs.get(jobId)
      if (job?.state !== 'failed') return
      await this.db.jobs.put({
        ...job,
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        error: null,
        rev: job.rev + 1,
      })
    })
    this.kick()
  }

  /** Bytes kept with a job (a screen that shows what waits on the device). */
  blob(id: string): Promise<JobBlob | undefined> {
    return this.db.blobs.get(id)
  }

  /** Drops a job and its bytes (dismissed, discarded, or let go by its feature). */
  async remove(jobId: string): Promise<void> {
    await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      await this.db.blobs.where('jobId').equals(jobId).delete()
      await this.db.jobs.delete(jobId)
    })
  }

  /** Jobs of a kind, oldest first (for the screens; follow them with Dexie's liveQuery). */
  async list<Payload>(kind: string, owner?: string): Promise<Job<Payload>[]> {
    const jobs = await this.db.jobs.where('kind').equals(kind).sortBy('seq')
    return (owner === undefined ? jobs : jobs.filter((job) => job.owner === owner)) as Job<Payload>[]
  }

  /** Jobs still to send, whoever they belong to (what the start-up hint counts). */
  pendingCount(): Promise<number> {
    return this.db.jobs.where('state').equals('queued').count()
  }

  /** Queued jobs per kind (the start-up hint: which senders a page's start loads). */
  async pendingKinds(): Promise<Record<string, number>> {
    const kinds: Record<string, number> = {}
    await this.db.jobs
      .where('state')
      .equals('queued')
      .each((job) => {
        kinds[job.kind] = (kinds[job.kind] ?? 0) + 1
      })
    return kinds
  }

  /** The account whose jobs are sent (null: signed out); the previous account's work stops at once. */
  bindUser(userId: string | null): void {
    if (this.closed) userId = null
    if ((this.user?.id ?? null) === userId) return
    this.user?.controller.abort()
    this.user = userId ? { id: userId, controller: new AbortController() } : null
    this.kick()
  }

  private signalOf(owner: string): AbortSignal | null {
    if (owner === '') return this.closed ? null : this.anyone.signal
    return this.user?.id === owner ? this.user.controller.signal : null
  }

  /** Looks for work now (a new job, a handler registered, a timer). Never throws. */
  kick(): void {
    if (!this.closed) this.track(this.scan())
  }

  /** Jobs waiting for their backoff go now (online again, the app visible, a sync event). */
  async wake(): Promise<void> {
    if (this.closed) return
    await this.db.jobs
      .where('state')
      .equals('queued')
      .filter((job) => job.nextAttemptAt > 0 && this.signalOf(job.owner) !== null)
      .modify({ nextAttemptAt: 0 })
    this.kick()
  }

  /** Resolves when nothing runs in this tab (tests, sign-out). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }

  /** Whether something runs in this tab now (tests). */
  async busy(): Promise<boolean> {
    return this.running.size > 0
  }

  /** Stops for good; the database is closed. */
  close(): void {
    this.closed = true
    this.anyone.abort()
    this.bindUser(null)
    if (this.timer) clearTimeout(this.timer)
    this.channel?.close()
    this.db.close()
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => console.warn('The outbox could not send for now', error))
      .finally(() => this.running.delete(tracked))
    this.running.add(tracked)
  }

  private laneOf(job: Job): string | null {
    const handler = this.handlers.get(job.kind) as KindHandler | undefined
    if (!handler) return null
    return `${job.kind}:${job.owner}:${handler.lane?.(job) ?? job.id}`
  }

  private async scan(): Promise<void> {
    const jobs = await this.db.jobs.where('state').equals('queued').toArray()
    const lanes = new Map<string, string>()
    for (const job of jobs) {
      const lane = this.laneOf(job)
      if (lane && this.signalOf(job.owner)) lanes.set(lane, job.owner)
    }
    for (const [lane, owner] of lanes) this.startLane(lane, owner)
  }

  /** A lane runs once at a time in this tab (asked again, it looks once more) and in one tab at a time. */
  private startLane(lane: string, owner: string): void {
    const signal = this.signalOf(owner)
    if (!signal) return
    const run = this.lanes.start(
      lane,
      () => this.lock(`sunbeam-jobs:${lane}`, signal, () => this.workLane(lane, signal)),
      () => !signal.aborted,
    )
    if (run) this.track(run)
  }

  /** The lane's queued jobs, oldest first, until none is due. */
  private async workLane(lane: string, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const jobs = (await this.db.jobs.where('state').equals('queued').sortBy('seq')).filter(
        (job) => this.laneOf(job) === lane,
      )
      const next = jobs[0]
      if (!next || signal.aborted) return
      if (next.nextAttemptAt > this.now()) return this.schedule(next.nextAttemptAt)
      if (!(await this.runJob(next, signal))) return
    }
  }

  /** Runs one job and notes how it ended; false when the lane stops for now. */
  private async runJob(job: Job, signal: AbortSignal): Promise<boolean> {
    const handler = this.handlers.get(job.kind) as KindHandler | undefined
    if (!handler) return false
    const rev = job.rev
    const context: JobContext<unknown> = {
      signal,
      blob: (id) => this.db.blobs.get(id),
      progress: (fraction) => this.emit({ type: 'progress', jobId: job.id, kind: job.kind, fraction }),
      mark: async (change) =>
        this.db.transaction('rw', this.db.jobs, async () => {
          const now = await this.db.jobs.get(job.id)
          if (!now || now.rev !== rev || signal.aborted) return false
          await this.db.jobs.put({ ...now, payload: change(now.payload) })
          return true
        }),
    }
    let step: JobStep
    try {
      step = await handler.run(job, context)
    } catch (error) {
      step = { type: 'retry', error: describe(error) }
    }
    if (signal.aborted || step.type === 'stopped') return false
    await this.settle(job, rev, step)
    return true
  }

  /** Notes how a run ended, unless the job changed meanwhile (then it simply runs again). */
  private async settle(job: Job, rev: number, step: Exclude<JobStep, { type: 'stopped' }>): Promise<void> {
    const at = this.now() + backoffMs(job.attempts + 1, this.retryPolicy, this.random)
    const noted = await this.db.transaction('rw', this.db.jobs, this.db.blobs, async () => {
      const now = await this.db.jobs.get(job.id)
      if (!now || now.rev !== rev) return false
      if (step.type === 'done' || (step.type === 'failed' && !step.keep)) {
        await this.db.blobs.where('jobId').equals(job.id).delete()
        await this.db.jobs.delete(job.id)
      } else if (step.type === 'hold') await this.db.jobs.put({ ...now, state: 'held', error: null })
      else if (step.type === 'failed') await this.db.jobs.put({ ...now, state: 'failed', error: step.error })
      else
        await this.db.jobs.put({ ...now, attempts: now.attempts + 1, nextAttemptAt: at, error: step.error })
      return true
    })
    if (!noted) return
    const about = { jobId: job.id, kind: job.kind }
    if (step.type === 'done') this.emit({ type: 'done', ...about })
    else if (step.type === 'hold') this.emit({ type: 'held', ...about })
    else if (step.type === 'failed')
      this.emit({ type: 'failed', ...about, error: step.error, kept: step.keep, detail: step.detail })
    else {
      this.emit({ type: 'retrying', ...about, error: step.error, at })
      this.schedule(at)
    }
  }

  private schedule(at: number): void {
    if (this.closed || at >= this.timerAt) return
    if (this.timer) clearTimeout(this.timer)
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
}
