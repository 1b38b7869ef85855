// The outbox's vocabulary (docs/decisions/0067-one-outbox-engine.md): a job is one piece of work kept
// on the device until the server has it; its kind names the feature's handler that sends it; its owner
// is the account it belongs to ('' for a signed-out visitor's, sent whoever is signed in). A leaf
// module: it imports nothing.

/** queued: to send (not before `nextAttemptAt`). held: sent, kept until its feature lets it go. failed: stopped for its owner to read, mend or dismiss. */
export type JobState = 'queued' | 'held' | 'failed'

/** One row of the `jobs` store. */
export interface Job<Payload = unknown> {
  readonly id: string
  /** Send order: a lane's jobs go oldest first. */
  readonly seq: number
  /** The handler that sends it ('inquiry', ...): registered by a feature. */
  readonly kind: string
  /** The account it belongs to; '' = anyone's (a signed-out visitor's): sent whoever is signed in. */
  readonly owner: string
  readonly state: JobState
  /** Failed attempts since it was queued or last retried (drives the backoff). */
  readonly attempts: number
  /** Not before this time (ms since the epoch); 0 = now. */
  readonly nextAttemptAt: number
  /** The last failure, in words, for the log and the owner. */
  readonly error: string | null
  /** Bumped by every change from outside the sender: a step marker is kept only on the rev it read. */
  readonly rev: number
  readonly createdAt: number
  /** What the kind's handler needs: plain data, stored as it is (bytes go to the `blobs` store). */
  readonly payload: Payload
}

/** A row of the `blobs` store: bytes a job needs (a photo, a document), kept apart from the job. */
export interface JobBlob {
  readonly id: string
  readonly jobId: string
  readonly type: string
  /** ArrayBuffer, not Blob: Safari refuses Blobs in IndexedDB in some cases. */
  readonly data: ArrayBuffer
}

/** What a feature gives to queue a job (the progress fields start empty). */
export interface NewJob<Payload = unknown> {
  /** A stable id makes adding idempotent (an old queue migrated twice adds each job once). */
  readonly id?: string
  readonly kind: string
  readonly owner: string
  readonly payload: Payload
  readonly blobs?: readonly Omit<JobBlob, 'jobId'>[]
  /** Only for a job an older queue held in another state (a migration): held or failed, with its error. */
  readonly state?: JobState
  readonly error?: string | null
  /** When an older queue took it (a migration keeps its age); now otherwise. */
  readonly createdAt?: number
}

/** The one retry policy: doubling from `minMs` to `maxMs`, with jitter so that devices do not retry in step. */
export interface RetryPolicy {
  readonly minMs: number
  readonly maxMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { minMs: 2_000, maxMs: 60_000 }

/**
 * The wait before the n-th retry (n >= 1): min * 2^(n-1), capped at max, then scaled by a random
 * factor in [0.5, 1) ("equal jitter": never less than half the step, so a retry never comes at once).
 */
export function backoffMs(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY,
  random = Math.random,
): number {
  const step = Math.min(policy.maxMs, policy.minMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(step * (0.5 + random() / 2))
}
