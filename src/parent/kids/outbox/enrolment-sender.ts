// The parents' enrolment files, through the outbox (docs/decisions/0002, 0032): a save is kept on the
// device first (the `enrolments` table, one row per child, replaced by each save; the documents' bytes in
// `documents`), then sent: each new document is uploaded to the parent's private folder at the path
// fixed when it was picked (a retry overwrites it, as photos do), then the whole file is written, and the
// row goes once the server has it. Offline (or with a connection that does not answer) the upload fails
// and is tried again when the device is online, on a visible tab, or a little later. Unfinished files
// are saved the same way: the checklist says what is missing, the outbox never judges.
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import {
  BackendError,
  isPermanentFailure,
  type PhotoStoragePort,
  WRONG_ACCOUNT,
} from '#shared/backend/kids-ports'
import { type DocumentType, type EnrolmentFields, enrolmentDocuments } from '#shared/records/enrolment-record'
import type { OutboxDb, QueuedEnrolment } from './outbox-db'
import { QueuedRows, SEND_AGAIN } from './queued-rows'

/** A document the parent picked on this device, its path fixed (images/{uid}/{name}-{random id}). */
export interface PickedDocument {
  readonly path: string
  readonly type: DocumentType
  readonly data: ArrayBuffer
}

/** Waits before trying a file again after a failure that may pass (offline, no answer). */
const RETRY_MS = [3_000, 10_000, 30_000, 60_000]

export class EnrolmentSender {
  /** The rows are the children's files (one per child: id = kidId). */
  private readonly rows: QueuedRows<QueuedEnrolment>
  private readonly failures = new Map<string, number>()
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly db: OutboxDb,
    private readonly registrations: RegistrationsPort,
    private readonly photos: PhotoStoragePort,
    private readonly now: () => number = Date.now,
  ) {
    this.rows = new QueuedRows(
      (userId) =>
        db.enrolments
          .where('userId')
          .equals(userId)
          .filter((row) => row.state === 'queued')
          .toArray(),
      (row) => this.send(row),
      'The enrolment files',
    )
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
    await this.db.transaction('rw', this.db.enrolments, this.db.documents, async () => {
      const before = await this.db.enrolments.get(kidId)
      const kept = (before?.documents ?? []).filter((doc) => named.has(doc.path))
      for (const doc of before?.documents ?? [])
        if (!named.has(doc.path)) await this.db.documents.delete(doc.path)
      const fresh = picked.filter((doc) => named.has(doc.path))
      for (const doc of fresh)
        await this.db.documents.put({ path: doc.path, kidId, type: doc.type, data: doc.data })
      const row: QueuedEnrolment = {
        id: kidId,
        userId,
        kidId,
        fields,
        documents: [
          ...kept.filter((doc) => !fresh.some((next) => next.path === doc.path)),
          ...fresh.map((doc) => ({ path: doc.path, type: doc.type, uploaded: false })),
        ],
        state: 'queued',
        rev: (before?.rev ?? 0) + 1,
        createdAt: before?.createdAt ?? this.now(),
      }
      await this.db.enrolments.put(row)
    })
    this.failures.delete(kidId)
    this.kick()
  }

  /** Forgets a refused file once the parent has read why. */
  async dismiss(kidId: string): Promise<void> {
    await this.db.transaction('rw', this.db.enrolments, this.db.documents, async () => {
      await this.db.documents.where('kidId').equals(kidId).delete()
      await this.db.enrolments.delete(kidId)
    })
  }

  bindUser(userId: string | null): void {
    clearTimeout(this.timer)
    this.rows.bindUser(userId)
  }

  /** Sends every queued file of the signed-in parent not already on its way. Never throws. */
  kick(): void {
    this.rows.kick()
  }

  private later(kidId: string): void {
    const tries = this.failures.get(kidId) ?? 0
    this.failures.set(kidId, tries + 1)
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.kick(), RETRY_MS[Math.min(tries, RETRY_MS.length - 1)])
  }

  /** Sends one file: SEND_AGAIN when the parent saved it again while it was on its way. */
  private async send(row: QueuedEnrolment): Promise<typeof SEND_AGAIN | undefined> {
    try {
      for (const doc of row.documents) {
        if (doc.uploaded) continue
        const bytes = await this.db.documents.get(doc.path)
        if (!bytes) continue
        await this.photos.upload(doc.path, { data: bytes.data, type: bytes.type }, { asUser: row.userId })
        await this.markUploaded(row.kidId, doc.path)
      }
      await this.registrations.saveEnrolment(
        row.kidId,
        { ...row.fields, userRef: row.userId },
        { asUser: row.userId },
      )
      this.failures.delete(row.kidId)
      // A save made while this one was on its way is sent now.
      return (await this.dropIfUnchanged(row)) ? undefined : SEND_AGAIN
    } catch (error) {
      if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return
      if (!isPermanentFailure(error)) {
        console.warn('An enrolment file could not be sent for now; it is sent again when online', error)
        this.later(row.kidId)
        return
      }
      await this.db.enrolments.update(row.id, { state: 'refused' })
    }
  }

  private async markUploaded(kidId: string, path: string): Promise<void> {
    await this.db.transaction('rw', this.db.enrolments, async () => {
      const row = await this.db.enrolments.get(kidId)
      if (!row) return
      const documents = row.documents.map((doc) => (doc.path === path ? { ...doc, uploaded: true } : doc))
      await this.db.enrolments.put({ ...row, documents })
    })
  }

  /** The server has this save: the row goes, unless the parent saved again meanwhile (false then). */
  private async dropIfUnchanged(sent: QueuedEnrolment): Promise<boolean> {
    return this.db.transaction('rw', this.db.enrolments, this.db.documents, async () => {
      const row = await this.db.enrolments.get(sent.kidId)
      if (!row) return true
      if (row.rev !== sent.rev) return false
      await this.db.documents.where('kidId').equals(sent.kidId).delete()
      await this.db.enrolments.delete(sent.kidId)
      return true
    })
  }
}
