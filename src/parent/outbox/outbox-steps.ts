// The sender's steps on the outbox's store (docs/decisions/0002-exactly-once-outbox.md): each marks in
// one IndexedDB transaction that a step is done, before the next one starts, so a reload or a crash
// resumes at the next step. Each checks that the entry is still the one the sender was working on (the
// same `rev`): the parent may have changed it meanwhile. The parent's changes are in outbox-store.ts.
import { type OutboxDb, type Submission, unique } from './outbox-db'

export class SenderSteps {
  constructor(
    private readonly db: OutboxDb,
    private readonly now: () => number,
  ) {}

  /**
   * Marks a photo uploaded. Returns false when the parent replaced or discarded it meanwhile; its upload
   * is then queued for deletion.
   */
  async markPhotoUploaded(id: string, userId: string, photoId: string, path: string): Promise<boolean> {
    return this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (entry?.photos.some((photo) => photo.id === photoId)) {
        await this.db.submissions.put({
          ...entry,
          photos: entry.photos.map((photo) => (photo.id === photoId ? { ...photo, uploaded: true } : photo)),
        })
        return true
      }
      if (entry)
        await this.db.submissions.put({ ...entry, cleanupPaths: unique([...entry.cleanupPaths, path]) })
      else
        await this.db.addEntry(
          {
            // A stray upload whose entry is gone (discarded, deleted): only its deletion is left.
            kind: 'delete',
            kidId: '',
            userId,
            fields: null,
            photos: [],
            keptPaths: [],
            imgPaths: [],
            cleanupPaths: [path],
            state: 'cleanup',
          },
          this.now(),
        )
      return false
    })
  }

  async markHandoffStarted(id: string): Promise<void> {
    await this.db.submissions.update(id, { handoffStarted: true })
  }

  /** The record is in Firestore's local queue. False when the parent changed the entry meanwhile. */
  async markHandedOff(id: string, rev: number): Promise<boolean> {
    return this.db.change(id, (entry) =>
      entry.rev === rev && entry.state === 'queued'
        ? {
            ...entry,
            state: 'handedOff',
            handedOffAt: this.now(),
            attempts: 0,
            nextAttemptAt: 0,
            error: null,
          }
        : null,
    )
  }

  /** The server accepted the save: its photo bytes are no longer needed, replaced photos can go. */
  async completeSave(id: string, rev: number): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry || entry.rev !== rev || entry.state !== 'handedOff') return
      await this.db.photos.where('submissionId').equals(id).delete()
      await this.recordDone(entry)
    })
  }

  /**
   * The write this entry handed to Firestore is no longer in its queue, and the server does not have it
   * (the device's Firestore data was cleared): hand it over again. Uploaded photos stay uploaded.
   */
  async requeue(id: string, rev: number): Promise<boolean> {
    return this.db.change(id, (entry) =>
      entry.rev === rev && entry.state === 'handedOff' ? { ...entry, state: 'queued', handedOffAt: 0 } : null,
    )
  }

  /** The record's part is done: the entry goes, or waits in `cleanup` for its photos' deletion. */
  private async recordDone(entry: Submission): Promise<void> {
    if (entry.cleanupPaths.length === 0) await this.db.submissions.delete(entry.id)
    else await this.db.submissions.put({ ...entry, state: 'cleanup', attempts: 0, nextAttemptAt: 0 })
  }

  /** A delete is in Firestore's queue: the photos are left. */
  async markRecordDeleted(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (entry) await this.recordDone(entry)
    })
  }

  async markCleanedUp(id: string, path: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry) return
      const cleanupPaths = entry.cleanupPaths.filter((p) => p !== path)
      if (cleanupPaths.length === 0 && entry.state === 'cleanup') await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, cleanupPaths })
    })
  }

  /** A transient failure: try again at `nextAttemptAt`. */
  async markRetry(id: string, rev: number, error: string, nextAttemptAt: number): Promise<void> {
    await this.db.change(id, (entry) =>
      entry.rev === rev ? { ...entry, attempts: entry.attempts + 1, nextAttemptAt, error } : null,
    )
  }

  /** A permanent failure: the entry stops until the parent retries, edits or discards it. */
  async markFailed(id: string, rev: number, error: string): Promise<boolean> {
    return this.db.change(id, (entry) =>
      entry.rev === rev && entry.state !== 'failed'
        ? { ...entry, state: 'failed', attempts: entry.attempts + 1, nextAttemptAt: 0, error }
        : null,
    )
  }

  /** A parent's retries waiting for their backoff start now (online again, the app visible, Retry now). */
  async wakeUp(userId: string): Promise<void> {
    await this.db.submissions
      .where('userId')
      .equals(userId)
      .filter((entry) => entry.state !== 'failed' && entry.nextAttemptAt > 0)
      .modify({ nextAttemptAt: 0 })
  }
}
