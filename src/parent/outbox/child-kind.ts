// The children's submissions (Add Child, Edit Child, delete) as jobs of kind 'child' of the outbox
// engine (src/shared/outbox, decisions 0067, 0077): one job per submission, its id the submission's,
// owned by the parent, its lane the child (a clean-up of photos has a lane of its own, so it never holds
// up a save); the photos' bytes are the job's blobs, by photo id. A save is sent in steps, each noted
// with `mark` and safe twice: each photo to its fixed path (a retry overwrites it), then the record
// handed to Firestore's queue once per revision (0041), then the job is held until the server answers
// (save-follow.ts, the machine of 0072), and the photos the save no longer uses are deleted last. The
// job's payload keeps the old queue's row (outbox-db.ts) field for field: `rowOf` gives the screens the
// row they read before.
import {
  ABORTED,
  BackendError,
  isPermanentFailure,
  type KidsPort,
  type PhotoBytes,
  type PhotoStoragePort,
  WRONG_ACCOUNT,
} from '#shared/backend/kids-ports'
import type { Job, JobBlob } from '#shared/outbox/job'
import type { JobContext, JobStep, OutboxEngine } from '#shared/outbox/outbox-engine'
import { checkUploadablePhoto } from '#shared/records/kid-photos'
import { buildKidRecord, type KidFields, type KidRecord, kidRecordProblems } from '#shared/records/kid-record'
import type { OutboxDb, OutboxPhoto, Submission, SubmissionKind } from './outbox-db'
import { peekKid, sameRecord } from './save-follow'

export const CHILD_KIND = 'child'

/**
 * What a child's job carries: the old queue's row without the fields the engine keeps itself (seq,
 * state, attempts, nextAttemptAt, error, rev, createdAt, userId: the job's owner).
 */
export interface ChildPayload {
  readonly kind: SubmissionKind
  /** The child ('' for a stray photo's deletion, which belongs to no child). */
  readonly kidId: string
  readonly fields: KidFields | null
  /** New photos queued on this device (their bytes are the job's blobs, by photo id), uploaded or not. */
  readonly photos: readonly OutboxPhoto[]
  readonly keptPaths: readonly string[]
  readonly imgPaths: readonly string[]
  /** Photos to delete from storage once this is saved (or, for a delete, once the record is gone). */
  readonly cleanupPaths: readonly string[]
  /** send: the record (or its deletion) is still to go; cleanup: only photo deletions are left. */
  readonly phase: 'send' | 'cleanup'
  /** Set before the record is first handed to Firestore: from then on the record may exist there. */
  readonly handoffStarted: boolean
  /** When the record was handed to Firestore (0 before, and again after the device's data was cleared). */
  readonly handedOffAt: number
}

export type ChildJob = Job<ChildPayload>

/** The words of a failed job the parent must mend (the age an older version took as free text). */
export const MEND_AGE =
  'An older version of the app kept this child’s age as words. Enter the age in years and months, then save again.'

/** The failed job's error when the server refused the record. */
export const REFUSED = 'The server refused to save this child'

/** A job as the screens read it: the old queue's row (outbox-db.ts). */
export function rowOf(job: ChildJob): Submission {
  const { phase, ...payload } = job.payload
  const state =
    job.state === 'failed'
      ? 'failed'
      : job.state === 'held'
        ? 'handedOff'
        : phase === 'cleanup'
          ? 'cleanup'
          : 'queued'
  return {
    ...payload,
    id: job.id,
    seq: job.seq,
    userId: job.owner,
    state,
    attempts: job.attempts,
    nextAttemptAt: job.nextAttemptAt,
    error: job.error,
    rev: job.rev,
    createdAt: job.createdAt,
  } as Submission
}

/** What a row of the old queue becomes (the migration), without its bytes. */
export function payloadOf(row: Submission): ChildPayload {
  return {
    kind: row.kind,
    kidId: row.kidId,
    fields: row.fields,
    photos: row.photos,
    keptPaths: row.keptPaths,
    imgPaths: row.imgPaths,
    cleanupPaths: row.cleanupPaths,
    phase: row.state === 'cleanup' ? 'cleanup' : 'send',
    handoffStarted: row.handoffStarted,
    handedOffAt: row.handedOffAt,
  }
}

/**
 * Why today's rules refuse a save whatever the server says, in the parent's words; null when none. A
 * new child's age as free text ('4', '18 months') came from a version before ages had their own form
 * (decision 0027): firestore.rules take free text only kept unchanged on an update.
 */
export function mendProblem(payload: ChildPayload): string | null {
  const { fields } = payload
  if (payload.kind !== 'add' || !fields) return null
  // Rows of versions before the month of birth have no kidBirthMonth at all.
  return fields.kidAge !== '' && !fields.kidBirthMonth ? MEND_AGE : null
}

/** Every photo path a job may have put into storage (its uploaded new photos). */
export function uploadedPathsOf(payload: ChildPayload): string[] {
  return payload.photos.flatMap((photo) => (photo.uploaded ? [photo.path] : []))
}

/** The record a save writes (its photos all uploaded). */
export function recordOf(payload: ChildPayload, owner: string): KidRecord | null {
  return payload.kind === 'delete' || !payload.fields
    ? null
    : buildKidRecord(payload.fields, payload.imgPaths, owner)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Whether a failure only means that this work was stopped (the account changed, aborted). */
function isStop(error: unknown, signal: AbortSignal): boolean {
  const code = error instanceof BackendError ? error.code : ''
  return signal.aborted || code === ABORTED || code === WRONG_ACCOUNT
}

/** What the handler needs besides the ports. */
export interface ChildHandlerHost {
  readonly kids: KidsPort
  readonly photos: PhotoStoragePort
  readonly now: () => number
  /** Runs an upload when one of the few slots is free (a phone's connection is narrow). */
  uploadSlot<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T>
  /** What this tab is uploading for a submission now (null: nothing). */
  activity(jobId: string, activity: { uploaded: number; total: number; fraction: number } | null): void
  /** Keeps the device's own copy of a photo once uploaded. */
  keepCopy(owner: string, path: string, photo: PhotoBytes): Promise<void>
  /** An upload whose job changed or went meanwhile: its photo is deleted unless a job still names it. */
  strayUpload(job: ChildJob, photo: OutboxPhoto): Promise<void>
  /** Follows the server's answer to the revision `rev` of the job, handed to Firestore now. */
  follow(job: ChildJob, rev: number, sent: Promise<void> | undefined): void
}

const STALE: JobStep = { type: 'retry', error: 'Changed while it was sent' }

/** Deletes the photos a job no longer needs, each noted once gone. */
async function cleanUp(host: ChildHandlerHost, job: ChildJob, context: JobContext<ChildPayload>) {
  for (const path of job.payload.cleanupPaths) {
    try {
      await host.photos.delete(path)
    } catch (error) {
      if (isStop(error, context.signal)) return { type: 'stopped' } as const
      if (!isPermanentFailure(error)) return { type: 'retry', error: describe(error) } as const
      // Refused for good (not ours any more): nothing more this device can do about it.
      console.warn(`A photo that is no longer used could not be deleted: ${path}`, error)
    }
    const done = (payload: ChildPayload) => ({
      ...payload,
      cleanupPaths: payload.cleanupPaths.filter((kept) => kept !== path),
    })
    if (!(await context.mark(done))) return STALE
  }
  return { type: 'done' } as const
}

/** Uploads a save's photos not yet up, each to its fixed path; null when all are up. */
async function uploadPhotos(
  host: ChildHandlerHost,
  job: ChildJob,
  context: JobContext<ChildPayload>,
): Promise<JobStep | null> {
  const { photos } = job.payload
  const total = photos.length
  let uploaded = photos.filter((photo) => photo.uploaded).length
  try {
    for (const photo of photos) {
      if (photo.uploaded) continue // uploaded before a reload or a crash: never again
      const bytes: JobBlob | undefined = await context.blob(photo.id)
      if (!bytes) {
        // The parent changed the photos meanwhile (look again), or the device lost them.
        if (!(await context.mark((payload) => payload))) return STALE
        return { type: 'failed', error: 'A photo of this child is missing on this device', keep: true }
      }
      const problem = checkUploadablePhoto({
        name: photo.name,
        type: bytes.type,
        size: bytes.data.byteLength,
      })
      if (problem) return { type: 'failed', error: problem, keep: true }
      const report = (fraction: number) => {
        host.activity(job.id, { uploaded, total, fraction })
        context.progress((uploaded + fraction) / total)
      }
      report(0)
      const photoBytes = { data: bytes.data, type: photo.type }
      await host.uploadSlot(context.signal, () =>
        host.photos.upload(photo.path, photoBytes, {
          asUser: job.owner,
          signal: context.signal,
          onProgress: report,
        }),
      )
      if (context.signal.aborted) return { type: 'stopped' }
      await host
        .keepCopy(job.owner, photo.path, photoBytes)
        .catch((error: unknown) => console.warn('This device could not keep its copy of a photo', error))
      const marked = (payload: ChildPayload) => ({
        ...payload,
        photos: payload.photos.map((kept) => (kept.id === photo.id ? { ...kept, uploaded: true } : kept)),
      })
      if (!(await context.mark(marked))) {
        await host.strayUpload(job, photo)
        return STALE
      }
      uploaded += 1
      report(0)
    }
    return null
  } catch (error) {
    if (isStop(error, context.signal)) return { type: 'stopped' }
    if (isPermanentFailure(error)) return { type: 'failed', error: describe(error), keep: true }
    return { type: 'retry', error: describe(error) }
  } finally {
    host.activity(job.id, null)
  }
}

/** Hands the record to Firestore's queue, once per revision, and holds the job for the server's answer. */
async function handOff(
  host: ChildHandlerHost,
  job: ChildJob,
  context: JobContext<ChildPayload>,
): Promise<JobStep> {
  const record = recordOf(job.payload, job.owner)
  if (!record) return { type: 'failed', error: 'A save without fields', keep: true }
  // Today's rules refuse it whatever the server says: kept, failed, in words that say how to mend it.
  const mend = mendProblem(job.payload)
  if (mend) return { type: 'failed', error: mend, keep: true }
  const problems = kidRecordProblems(record)
  if (problems.length > 0) return { type: 'failed', error: problems.join('; '), keep: true }
  const { kidId } = job.payload
  let written = false
  if (job.payload.handoffStarted) {
    // An earlier page or tab may have written this very record, then died before noting it.
    const known = await peekKid(host.kids, kidId)
    written = known !== null && known !== 'forbidden' && known.kid !== null && sameRecord(known.kid, record)
  }
  let sent: Promise<void> | undefined
  if (!written) {
    // Noted before the write: if the page dies right after it, a discard knows the record may exist.
    const started = (payload: ChildPayload) => ({ ...payload, handoffStarted: true })
    if (!job.payload.handoffStarted && !(await context.mark(started))) return STALE
    if (context.signal.aborted) return { type: 'stopped' }
    sent = (await host.kids.saveKid(kidId, record, { asUser: job.owner })).sent
  }
  const at = host.now()
  if (!(await context.mark((payload) => ({ ...payload, handedOffAt: at })))) return STALE
  host.follow({ ...job, payload: { ...job.payload, handoffStarted: true, handedOffAt: at } }, job.rev, sent)
  return { type: 'hold' }
}

/** Runs one job of kind 'child'. */
export async function runChildJob(
  host: ChildHandlerHost,
  job: ChildJob,
  context: JobContext<ChildPayload>,
): Promise<JobStep> {
  if (job.payload.phase === 'cleanup') return cleanUp(host, job, context)
  if (job.payload.kind === 'delete') {
    try {
      await host.kids.deleteKid(job.payload.kidId, { asUser: job.owner })
    } catch (error) {
      if (isStop(error, context.signal)) return { type: 'stopped' }
      if (isPermanentFailure(error)) return { type: 'failed', error: describe(error), keep: true }
      return { type: 'retry', error: describe(error) }
    }
    // The record's part is done (in Firestore's queue): the photos are left.
    if (!(await context.mark((payload) => ({ ...payload, phase: 'cleanup' })))) return STALE
    return cleanUp(host, { ...job, payload: { ...job.payload, phase: 'cleanup' } }, context)
  }
  try {
    const stopped = await uploadPhotos(host, job, context)
    if (stopped) return stopped
    return await handOff(host, job, context)
  } catch (error) {
    if (isStop(error, context.signal)) return { type: 'stopped' }
    if (isPermanentFailure(error)) return { type: 'failed', error: describe(error), keep: true }
    return { type: 'retry', error: describe(error) }
  }
}

/** A child's lane: its saves and deletions in order; its photos' clean-up apart, never ahead of a save. */
export function childLane(job: ChildJob): string {
  const lane = job.payload.kidId || `stray-${job.id}`
  return job.payload.phase === 'cleanup' ? `${lane}/cleanup` : lane
}

/**
 * Moves the submissions an earlier version kept in the `submissions` table of `sunbeam-outbox` (their
 * photos' bytes in `photos`) into jobs, once: each under its own id (so a second tab doing the same
 * adds nothing), in its state (queued and cleanup -> queued, handedOff -> held, failed -> failed), its
 * age kept; then the moved rows and their bytes go. A new child whose age today's rules refuse (free
 * text) is kept failed, with the words that ask the parent to mend it: never dropped.
 */
export async function adoptOldSubmissions(db: OutboxDb, jobs: OutboxEngine): Promise<number> {
  // In their send order: the jobs' own order follows it.
  const rows = await db.submissions.orderBy('seq').toArray()
  for (const row of rows) {
    const bytes = await db.photos.where('submissionId').equals(row.id).toArray()
    const payload = payloadOf(row)
    const mend = row.state === 'queued' || row.state === 'failed' ? mendProblem(payload) : null
    const state = mend || row.state === 'failed' ? 'failed' : row.state === 'handedOff' ? 'held' : 'queued'
    await jobs.add<ChildPayload>({
      id: row.id,
      kind: CHILD_KIND,
      owner: row.userId,
      payload,
      blobs: bytes.map((photo) => ({ id: photo.id, type: photo.type, data: photo.data })),
      state,
      error: mend ?? (state === 'failed' ? row.error : null),
      createdAt: row.createdAt,
    })
  }
  const ids = rows.map((row) => row.id)
  await db.transaction('rw', db.submissions, db.photos, async () => {
    await db.photos.where('submissionId').anyOf(ids).delete()
    await db.submissions.bulkDelete(ids)
  })
  return rows.length
}
