// The parent area's outbox, started lazily: at start-up when a hint says something waits
// (src/app/start-outbox.ts), or by the parent-area guard. It registers the parents' kinds of job on the
// outbox engine (children, replies, enrolment files, 'Tell the centre'), moves what an older version
// kept in its own database into jobs once, and binds the engine to the signed-in account: its work
// stops before this tab's account changes, and when another tab says it is signing out. It loads Dexie
// and the backend, so marketing pages never import this module statically. It shows nothing itself:
// the events are the screens' to turn into words (failure-toasts.tsx).

import Dexie, { liveQuery } from 'dexie'
import { once } from '#shared/async/once'
import { getBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import type { LockFn } from '#shared/device/web-lock'
import { within } from '#shared/device/within'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'
import { adoptOldSubmissions } from './child-kind'
import { ChildOutbox } from './child-outbox'
import { CollectionCodes } from './codes-kind'
import { adoptOldEnrolments, EnrolmentFiles } from './enrolment-kind'
import { isUnsent, OUTBOX_DB_NAME, OutboxDb } from './outbox-db'
import { writeOutboxHint } from './outbox-hint'
import { openPhotoCopies, type PhotoCopies } from './photo-copies'
import { adoptOldReplies, ReplySender } from './reply-sender'
import { TellSender } from './tell-kind'

/** Tabs of this app tell each other that a parent is signing out, before the account changes. */
export const SESSION_CHANNEL = 'sunbeam-session'

export interface OutboxRuntime {
  /** The children's submissions, jobs of kind 'child' (decision 0077): the parent's changes and the rows the screens read. */
  readonly outbox: ChildOutbox
  /** The same, as the screens hear the sending: events and this tab's uploads. */
  readonly sender: ChildOutbox
  /** The parents' replies to the centre (Accept, Decline, 'Still interested?'), through the outbox. */
  readonly replies: ReplySender
  /** The outbox engine (decision 0067): the tab's own, or the test's. */
  readonly jobs: OutboxEngine
  /** The parents' enrolment files and their documents, through the outbox (decisions 0032, 0068). */
  readonly enrolments: EnrolmentFiles
  /** The parents' 'Tell the centre' messages, through the outbox (decision 0076). */
  readonly tells: TellSender
  /** The collection codes of the people a file allows, through the outbox (decision 0079). */
  readonly codes: CollectionCodes
  /** This device's copies of the parents' photos. */
  readonly copies: PhotoCopies
  readonly backend: Backend
  /**
   * A screen that waits for a submission reports its outcome itself; while claimed, the parent area
   * (failure-toasts.tsx) does not toast that submission's failure a second time. Returns the release.
   */
  claim(submissionId: string): () => void
  /** Whether a screen has claimed this submission's outcome. */
  isClaimed(submissionId: string): boolean
  /** Asks the sender for work now (a new submission, a delete, a retry). Never throws. */
  send(): void
  /** Like send(), but retries waiting for their backoff start now too ('Retry now'). */
  wake(): void
  /** How many of the parent's changes have not reached the server yet (asked before signing out). */
  unsentCount(userId: string): Promise<number>
  /**
   * Stops the sender before signing out, in this tab and (through the session channel) in the others,
   * then keeps the parent's unsent changes for their next sign-in, or forgets them. Returns the photos
   * no record can use any more (the caller deletes them while still signed in).
   */
  endSession(userId: string, keep: boolean): Promise<string[]>
  /** Stops for good (tests). */
  close(): void
}

export interface RuntimeOptions {
  /** The old queue's database (tests give each their own; the engine's is then `${dbName}-jobs`). */
  readonly dbName?: string
  readonly copies?: PhotoCopies
  readonly lock?: LockFn
}

/** Builds the runtime on a backend (tests pass fakes and their own database name). */
export async function createOutboxRuntime(
  backend: Backend,
  options: RuntimeOptions = {},
): Promise<OutboxRuntime> {
  // The tab's one engine; a test's runtime has an engine of its own.
  const ownJobs = options.dbName !== undefined
  const jobs = ownJobs
    ? new OutboxEngine({
        db: await JobDb.openOnDevice(`${options.dbName}-jobs`),
        ...(options.lock ? { lock: options.lock } : {}),
      })
    : await getSharedOutbox()
  const copies = options.copies ?? openPhotoCopies()
  const claimed = new Set<string>()
  const outbox = new ChildOutbox({
    jobs,
    kids: backend.kids,
    photos: backend.photos,
    keepCopy: (owner, path, photo) => copies.put(owner, path, new Blob([photo.data], { type: photo.type })),
  })
  const sender = outbox
  const replies = new ReplySender(jobs, backend.registrations)
  const enrolments = new EnrolmentFiles(jobs, backend.registrations, backend.photos)
  // What an earlier version kept in its own database becomes jobs, once; then that database goes.
  await adoptOldOutbox(options.dbName ?? OUTBOX_DB_NAME, jobs).catch((error: unknown) =>
    console.warn('What this device kept to send could not be moved yet', error),
  )
  const tells = new TellSender(jobs, backend.childDay)
  // Collection codes (decision 0079): a kind of its own, on the same engine.
  const codes = new CollectionCodes(jobs, backend.childDay)
  const bind = (userId: string | null) => {
    sender.bindUser(userId)
    jobs.bindUser(userId)
  }
  const cleanups: (() => void)[] = []
  // Before this tab's account changes (sign-out, or another parent signing in here): stop at once.
  cleanups.push(backend.auth.beforeUserChange(() => bind(null)))
  cleanups.push(backend.auth.onAuthChange((user) => bind(user?.uid ?? null)))
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL)
  if (channel) {
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (message.data === 'signing-out') bind(null)
    }
    cleanups.push(() => channel.close())
  }
  // The one writer of the start-up hint: it follows the outbox's count, whoever changed it.
  const hint = liveQuery(() => outbox.pendingCount()).subscribe({
    next: writeOutboxHint,
    error: (error: unknown) => console.warn('The outbox could not be counted', error),
  })
  cleanups.push(() => hint.unsubscribe())
  if (typeof window !== 'undefined') {
    const wake = () => void jobs.wake()
    const visible = () => {
      if (document.visibilityState === 'visible') wake()
    }
    window.addEventListener('online', wake)
    document.addEventListener('visibilitychange', visible)
    cleanups.push(() => {
      window.removeEventListener('online', wake)
      document.removeEventListener('visibilitychange', visible)
    })
  }
  return {
    outbox,
    sender,
    replies,
    jobs,
    enrolments,
    tells,
    codes,
    copies,
    backend,
    send: () => jobs.kick(),
    wake: () => void jobs.wake(),
    claim(submissionId) {
      claimed.add(submissionId)
      return () => claimed.delete(submissionId)
    },
    isClaimed: (submissionId) => claimed.has(submissionId),
    async unsentCount(userId) {
      const unsentKids = (await outbox.list(userId)).filter(isUnsent).length
      // The engine's database read last: read first, the live query (watchUnsent) missed the reads after it.
      const replyRows = await replies.rowsOfUser(userId)
      const files = await enrolments.rowsOfUser(userId)
      const told = await tells.rowsOfUser(userId)
      const madeCodes = await codes.rowsOfUser(userId)
      const queued = [...replyRows, ...files, ...told, ...madeCodes].filter((row) => row.state === 'queued')
      return unsentKids + queued.length
    },
    async endSession(userId, keep) {
      bind(null)
      channel?.postMessage('signing-out')
      await jobs.idle()
      // A reply the server has is nothing left to send; forgetting, every reply goes.
      for (const reply of await replies.rowsOfUser(userId))
        if (!keep || reply.state === 'sent') await replies.dismiss(reply.id)
      // Enrolment files not sent (refused ones too) stay for the next sign-in, or go with their bytes
      // (uploaded documents are in the parent's folder, which 'Delete my account' and the sweep find).
      if (!keep) for (const file of await enrolments.rowsOfUser(userId)) await enrolments.dismiss(file.kidId)
      // A sent message is nothing left to send; forgetting, every message goes.
      for (const told of await tells.rowsOfUser(userId))
        if (!keep || told.state === 'sent') await tells.dismiss(told.id)
      // Codes not sent stay for the next sign-in, or go (the server keeps the codes it has).
      if (!keep) for (const made of await codes.rowsOfUser(userId)) await codes.dismiss(made.kidId)
      if (keep) {
        await outbox.keepForLater(userId)
        return []
      }
      return outbox.forget(userId)
    },
    close() {
      sender.stop()
      if (ownJobs) jobs.close()
      else jobs.bindUser(null)
      for (const cleanup of cleanups) cleanup()
    },
  }
}

/**
 * Moves what an earlier version kept in `sunbeam-outbox` (opened at its last version, 5: any older one is
 * upgraded on the way, its rows rewritten as before) into jobs: replies, enrolment files with their
 * documents, children's submissions with their photos, each once (stable ids: a second tab adds
 * nothing). Emptied, the database is deleted: nothing declares its tables any more.
 */
export async function adoptOldOutbox(name: string, jobs: OutboxEngine): Promise<void> {
  if (typeof indexedDB === 'undefined' || !(await Dexie.exists(name))) return
  const db = new OutboxDb(name)
  let left = 0
  try {
    await db.open()
    await adoptOldReplies(db, jobs)
    await adoptOldEnrolments(db, jobs)
    await adoptOldSubmissions(db, jobs)
    left = (await db.replies.count()) + (await db.enrolments.count()) + (await db.submissions.count())
  } finally {
    db.close()
  }
  // An older tab still open closes its copy when asked (Dexie's default), and would make it again.
  if (left === 0) await Dexie.delete(name)
}

/**
 * How long the outbox's database may take to open. It opens in milliseconds; a tab still holding an
 * older version during an upgrade can block it for as long as that tab stays open, and the parent area
 * must then say so (its error page offers 'Try again') instead of showing the sign-in loader for ever.
 */
const OPEN_BOUND_MS = 10_000

/** The tab's outbox, started once; a backend that could not load (offline, first visit) is tried again. */
export const getOutboxRuntime = once(() =>
  getBackend().then((backend) =>
    // Opened too late, it is closed: another try opens its own.
    within(createOutboxRuntime(backend), OPEN_BOUND_MS, 'The outbox on this device', (late) => late.close()),
  ),
)

/** Starts the sender: at start-up, and whenever a parent-area screen opens. */
export function startOutbox(): void {
  getOutboxRuntime().catch((error: unknown) => console.warn('The outbox could not start yet', error))
}
