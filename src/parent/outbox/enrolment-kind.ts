// The parents' enrolment files: jobs of kind 'enrolment' of the outbox engine (src/shared/outbox,
// decisions 0032, 0067, 0068), owned by the parent, one per child (its id `enrolment/${kidId}`, its lane
// the child): a new save replaces the file kept (an update: its rev makes the sender send it again), the
// documents' bytes are the job's blobs. Sent in two steps, each safe twice: each new document is
// uploaded to the parent's private folder at the path fixed when it was picked (a retry overwrites it,
// as photos do, and is marked uploaded), then the whole file is written; the job goes once the server
// has it. Offline (or with a connection that does not answer) it waits the engine's backoff, or less
// (online again, the tab visible). Refused for good (the place is no longer the family's), it is kept,
// failed, for the page to say why. Unfinished files are saved the same way: the checklist says what is
// missing, the outbox never judges.
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import {
  BackendError,
  isPermanentFailure,
  type PhotoStoragePort,
  WRONG_ACCOUNT,
} from '#shared/backend/kids-ports'
import type { Job, JobBlob } from '#shared/outbox/job'
import type { KindHandler, OutboxEngine } from '#shared/outbox/outbox-engine'
import { type DocumentType, type EnrolmentFields, enrolmentDocuments } from '#shared/records/enrolment-record'
import type { OutboxDb, QueuedEnrolment } from './outbox-db'

export const ENROLMENT_KIND = 'enrolment'

/** The job of a child's file: one per child, whoever saves it and however often. */
export function enrolmentJobId(kidId: string): string {
  return `enrolment/${kidId}`
}

/** A document the parent picked on this device, its path fixed (images/{uid}/{name}-{random id}). */
export interface PickedDocument {
  readonly path: string
  readonly type: DocumentType
  readonly data: ArrayBuffer
}

/** What a file's job carries; each document's bytes are its blob, by the document's path. */
export interface EnrolmentPayload {
  readonly kidId: string
  /** The whole file as the parent saved it; its documents' paths are fixed (a retry overwrites). */
  readonly fields: EnrolmentFields
  /** Documents picked on this device (uploaded or not: the step marker). */
  readonly documents: QueuedEnrolment['documents']
}

/** The failed job's error, for the log: the page says it in its own words. */
const REFUSED = 'The centre could not take this file'

/** A file's job as the screens read it (the row they read before decision 0068). */
function rowOf(job: Job<EnrolmentPayload>): QueuedEnrolment {
  const { kidId, fields, documents } = job.payload
  return {
    id: kidId,
    userId: job.owner,
    kidId,
    fields,
    documents,
    state: job.state === 'failed' ? 'refused' : 'queued',
    rev: job.rev,
    createdAt: job.createdAt,
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Sends one file: its new documents, then the file. */
export function enrolmentHandler(
  registrations: RegistrationsPort,
  photos: PhotoStoragePort,
): KindHandler<EnrolmentPayload> {
  return {
    lane: (job) => job.payload.kidId,
    async run(job, { blob, mark, progress, signal }) {
      const { kidId, fields, documents } = job.payload
      try {
        for (const [index, doc] of documents.entries()) {
          if (doc.uploaded) continue
          const bytes = await blob(doc.path)
          if (!bytes) continue
          await photos.upload(
            doc.path,
            { data: bytes.data, type: doc.type },
            {
              asUser: job.owner,
              signal,
              onProgress: (fraction) => progress((index + fraction) / documents.length),
            },
          )
          const uploaded = (payload: EnrolmentPayload) => ({
            ...payload,
            documents: payload.documents.map((kept) =>
              kept.path === doc.path ? { ...kept, uploaded: true } : kept,
            ),
          })
          // Saved again meanwhile: this run's step is not noted, and the new save is sent instead.
          if (!(await mark(uploaded))) return { type: 'retry', error: 'Saved again while it was sent' }
        }
        await registrations.saveEnrolment(kidId, { ...fields, userRef: job.owner }, { asUser: job.owner })
        return { type: 'done' }
      } catch (error) {
        if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return { type: 'stopped' }
        if (!isPermanentFailure(error)) return { type: 'retry', error: describe(error) }
        return { type: 'failed', error: REFUSED, keep: true }
      }
    },
  }
}

/**
 * Moves the files an earlier version kept in the `enrolments` table of `sunbeam-outbox` (their
 * documents' bytes in `documents`) into jobs, once: each under its child's job id, in its state, with
 * its bytes (so a second tab doing the same adds nothing), then the rows and their bytes go.
 */
export async function adoptOldEnrolments(db: OutboxDb, jobs: OutboxEngine): Promise<void> {
  const rows = await db.enrolments.toArray()
  for (const row of rows) {
    const bytes = await db.documents.bulkGet(row.documents.map((doc) => doc.path))
    const blobs: Omit<JobBlob, 'jobId'>[] = bytes.flatMap((kept) =>
      kept ? [{ id: kept.path, type: kept.type, data: kept.data }] : [],
    )
    await jobs.add<EnrolmentPayload>({
      id: enrolmentJobId(row.kidId),
      kind: ENROLMENT_KIND,
      owner: row.userId,
      payload: { kidId: row.kidId, fields: row.fields, documents: row.documents },
      blobs,
      state: row.state === 'refused' ? 'failed' : 'queued',
      error: row.state === 'refused' ? REFUSED : null,
      createdAt: row.createdAt,
    })
  }
  const kidIds = rows.map((row) => row.kidId)
  await db.transaction('rw', db.enrolments, db.documents, async () => {
    await db.documents.where('kidId').anyOf(kidIds).delete()
    await db.enrolments.bulkDelete(rows.map((row) => row.id))
  })
}

export class EnrolmentFiles {
  constructor(
    private readonly jobs: OutboxEngine,
    registrations: RegistrationsPort,
    photos: PhotoStoragePort,
  ) {
    jobs.register(ENROLMENT_KIND, enrolmentHandler(registrations, photos))
  }

  /**
   * Keeps the file on the device (replacing any earlier save of this child's) with the bytes of the
   * documents picked since, and sends it. Documents the file no longer names lose their kept bytes.
   */
  async save(
    userId: string,
    kidId: string,
    fields: EnrolmentFields,
    picked: readonly PickedDocument[],
  ): Promise<void> {
    const named = new Set(enrolmentDocuments(fields).map((doc) => doc.path))
    const fresh = picked.filter((doc) => named.has(doc.path))
    const payload = (before: EnrolmentPayload['documents']): EnrolmentPayload => ({
      kidId,
      fields,
      documents: [
        ...before.filter((doc) => named.has(doc.path) && !fresh.some((next) => next.path === doc.path)),
        ...fresh.map((doc) => ({ path: doc.path, type: doc.type, uploaded: false })),
      ],
    })
    await this.jobs.addOrUpdate<EnrolmentPayload>(
      {
        id: enrolmentJobId(kidId),
        kind: ENROLMENT_KIND,
        owner: userId,
        payload: payload([]),
        blobs: fresh.map((doc) => ({ id: doc.path, type: doc.type, data: doc.data })),
      },
      (before) => payload(before.documents),
      (blobId) => named.has(blobId),
    )
  }

  /** Forgets a child's file kept on the device (a refused one, once the parent has read why). */
  async dismiss(kidId: string): Promise<void> {
    await this.jobs.remove(enrolmentJobId(kidId))
  }

  /** The child's file kept on this device, unsent or refused (for a live query). */
  async rowOf(kidId: string): Promise<QueuedEnrolment | null> {
    const [job] = (await this.jobs.list<EnrolmentPayload>(ENROLMENT_KIND)).filter(
      (kept) => kept.id === enrolmentJobId(kidId),
    )
    return job ? rowOf(job) : null
  }

  /** A parent's files kept on this device. */
  async rowsOfUser(userId: string): Promise<QueuedEnrolment[]> {
    return (await this.jobs.list<EnrolmentPayload>(ENROLMENT_KIND, userId)).map(rowOf)
  }

  /** A document's bytes kept on this device until it is uploaded ('Download my data'). */
  async documentBytes(path: string): Promise<{ readonly type: string; readonly data: ArrayBuffer } | null> {
    return (await this.jobs.blob(path)) ?? null
  }
}
