// The outbox on the device (Dexie over IndexedDB): add, edit and delete submissions with their photos,
// kept until the backend has them. Every change is one IndexedDB transaction, so a reload or a crash
// leaves either the old or the new state, never half of one. Step markers (a photo's `url`, the
// `handedOff` state) are persisted as soon as a step is done, so the sender resumes where it stopped.
import Dexie, { type EntityTable } from 'dexie'
import { newRandomId } from '../../shared/records/ids'
import type { PhotoType } from '../../shared/records/kid-photos'
import { photoStoragePath } from '../../shared/records/kid-photos'
import type { KidFields, StoredKid } from '../../shared/records/kid-record'

/** A photo scaled down on the device, ready to queue. */
export interface PreparedPhoto {
  readonly name: string
  readonly type: PhotoType
  /** ArrayBuffer, not Blob: Safari refuses Blobs in IndexedDB in some cases. */
  readonly data: ArrayBuffer
}

/** A queued photo's description (its bytes live in the `photos` table). */
export interface OutboxPhoto {
  readonly id: string
  readonly name: string
  readonly type: PhotoType
  readonly size: number
  /** Fixed at submission (images/{userId}-{fileName}-{random id}): a retried upload overwrites it. */
  readonly path: string
  /** Download address once uploaded (the step marker); null before. */
  readonly url: string | null
}

export interface StoredPhotoBytes {
  readonly id: string
  readonly submissionId: string
  readonly type: PhotoType
  readonly data: ArrayBuffer
}

export type SubmissionKind = 'add' | 'edit' | 'delete'

/**
 * queued: waiting to be sent (in order). handedOff: the record is in Firestore's local queue; kept until
 * the server accepts it. cleanup: only photo deletions are left. failed: stopped for the parent.
 */
export type SubmissionState = 'queued' | 'handedOff' | 'cleanup' | 'failed'

export interface Submission {
  readonly id: string
  /** Send order. */
  readonly seq: number
  readonly kind: SubmissionKind
  readonly kidId: string
  readonly userId: string
  /** The form's fields (null for a delete). */
  readonly fields: KidFields | null
  /** New photos, replacing all old ones; empty when an edit keeps the existing photos. */
  readonly photos: readonly OutboxPhoto[]
  /** The existing photos an edit keeps (when it has no new ones). */
  readonly keptUrls: readonly string[]
  /** Photos to delete from storage once this submission is saved (or, for a delete, at once). */
  readonly cleanupUrls: readonly string[]
  readonly state: SubmissionState
  /** Set before the record is first handed to Firestore: from then on the record may exist there. */
  readonly handoffStarted: boolean
  /** When the record was handed to Firestore (0 before). */
  readonly handedOffAt: number
  /** Failed attempts since the last success or retry (drives the backoff). */
  readonly attempts: number
  /** Not before this time (ms); 0 = now. */
  readonly nextAttemptAt: number
  readonly error: string | null
  /** Bumped on every change by the parent, so the sender notices an edit made while it was sending. */
  readonly rev: number
  readonly createdAt: number
}

type Db = Dexie & {
  submissions: EntityTable<Submission, 'id'>
  photos: EntityTable<StoredPhotoBytes, 'id'>
}

export const OUTBOX_DB_NAME = 'sunbeam-outbox'

function openDb(name: string): Db {
  const db = new Dexie(name) as Db
  db.version(1).stores({
    submissions: 'id, seq, kidId, userId',
    photos: 'id, submissionId',
  })
  return db
}

/** Open entries (not yet in Firestore) of a child: at most one per child, edits update it in place. */
function isOpen(entry: Submission): boolean {
  return (entry.state === 'queued' || entry.state === 'failed') && entry.kind !== 'delete'
}

/** Every photo address an entry may have put into storage (uploaded new photos). */
function uploadedUrls(entry: Submission): string[] {
  return entry.photos.flatMap((photo) => (photo.url ? [photo.url] : []))
}

function unique(urls: Iterable<string>): string[] {
  return [...new Set(urls)]
}

export interface AddInput {
  readonly userId: string
  readonly kidId: string
  readonly fields: KidFields
  readonly photos: readonly PreparedPhoto[]
}

export interface EditInput {
  readonly userId: string
  readonly kidId: string
  readonly fields: KidFields
  /** New photos (replace the old ones), or null to keep them. */
  readonly photos: readonly PreparedPhoto[] | null
  /** The record as stored in Firestore, if it is there (null for a child only queued so far). */
  readonly stored: StoredKid | null
}

export interface DeleteInput {
  readonly userId: string
  readonly kidId: string
  readonly stored: StoredKid | null
}

/** What the queue needs to know of a new entry; the rest is set by `newEntry`. */
type NewEntry = Pick<
  Submission,
  'kind' | 'kidId' | 'userId' | 'fields' | 'photos' | 'keptUrls' | 'cleanupUrls' | 'state'
> & { readonly id?: string }

export class Outbox {
  readonly db: Db
  private readonly now: () => number

  constructor(name: string = OUTBOX_DB_NAME, options: { readonly now?: () => number } = {}) {
    this.db = openDb(name)
    this.now = options.now ?? Date.now
  }

  close(): void {
    this.db.close()
  }

  /** All of a parent's entries in send order. */
  async list(userId: string): Promise<Submission[]> {
    return this.db.submissions.where('userId').equals(userId).sortBy('seq')
  }

  async get(id: string): Promise<Submission | undefined> {
    return this.db.submissions.get(id)
  }

  /** The entry that holds a child's unsent changes (queued or failed), if any. */
  async openEntryFor(kidId: string): Promise<Submission | undefined> {
    const entries = await this.db.submissions.where('kidId').equals(kidId).toArray()
    return entries.find(isOpen)
  }

  async photoBytes(photoId: string): Promise<StoredPhotoBytes | undefined> {
    return this.db.photos.get(photoId)
  }

  /** Entries the sender still has work for (what the start-up hint counts). */
  async pendingCount(): Promise<number> {
    return this.db.submissions.filter((entry) => entry.state !== 'failed').count()
  }

  private async nextSeq(): Promise<number> {
    const last = await this.db.submissions.orderBy('seq').last()
    return (last?.seq ?? 0) + 1
  }

  /** The one constructor of a queue entry: the next place in the queue, nothing sent yet. */
  private async newEntry(entry: NewEntry): Promise<void> {
    await this.db.submissions.add({
      id: newRandomId(),
      ...entry,
      seq: await this.nextSeq(),
      handoffStarted: false,
      handedOffAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      rev: 1,
      createdAt: this.now(),
    })
  }

  private photoRows(submissionId: string, userId: string, photos: readonly PreparedPhoto[]) {
    const rows: StoredPhotoBytes[] = []
    const metas: OutboxPhoto[] = []
    for (const photo of photos) {
      const id = newRandomId()
      rows.push({ id, submissionId, type: photo.type, data: photo.data })
      metas.push({
        id,
        name: photo.name,
        type: photo.type,
        size: photo.data.byteLength,
        path: photoStoragePath(userId, photo.name, id),
        url: null,
      })
    }
    return { rows, metas }
  }

  /** Queues a new child. Resolves with the submission id once it is stored on the device. */
  async add(input: AddInput): Promise<string> {
    const id = newRandomId()
    await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const { rows, metas } = this.photoRows(id, input.userId, input.photos)
      await this.db.photos.bulkAdd(rows)
      await this.newEntry({
        id,
        kind: 'add',
        kidId: input.kidId,
        userId: input.userId,
        fields: input.fields,
        photos: metas,
        keptUrls: [],
        cleanupUrls: [],
        state: 'queued',
      })
    })
    return id
  }

  /**
   * Queues an edit. A child whose earlier changes are still unsent has its queued submission updated
   * in place (one submission per child, so nothing is sent twice); otherwise a new edit is queued.
   */
  async edit(input: EditInput): Promise<string> {
    const id = await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entries = await this.db.submissions.where('kidId').equals(input.kidId).toArray()
      const open = entries.find(isOpen)
      if (open) {
        let photos = open.photos
        let keptUrls = open.keptUrls
        let cleanupUrls = open.cleanupUrls
        if (input.photos) {
          // The new set replaces the queued one; photos of it already uploaded are deleted once saved.
          await this.db.photos.where('submissionId').equals(open.id).delete()
          const { rows, metas } = this.photoRows(open.id, input.userId, input.photos)
          await this.db.photos.bulkAdd(rows)
          cleanupUrls = unique([...cleanupUrls, ...uploadedUrls(open), ...keptUrls])
          photos = metas
          keptUrls = []
        }
        await this.db.submissions.put({
          ...open,
          fields: input.fields,
          photos,
          keptUrls,
          cleanupUrls,
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          error: null,
          rev: open.rev + 1,
        })
        return open.id
      }
      const newId = newRandomId()
      const current = input.stored?.imgUrls ?? []
      const { rows, metas } = this.photoRows(newId, input.userId, input.photos ?? [])
      await this.db.photos.bulkAdd(rows)
      await this.newEntry({
        id: newId,
        kind: 'edit',
        kidId: input.kidId,
        userId: input.userId,
        fields: input.fields,
        photos: metas,
        // The photos stay unless new ones are chosen; replaced ones go once the edit is saved.
        keptUrls: input.photos ? [] : current,
        cleanupUrls: input.photos ? current : [],
        state: 'queued',
      })
      return newId
    })
    return id
  }

  /**
   * Deletes a child: drops every queued change of it and queues the deletion of the record (if it may
   * exist in Firestore) and of all its photos.
   */
  async remove(input: DeleteInput): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entries = (await this.db.submissions.where('kidId').equals(input.kidId).toArray()).filter(
        (entry) => entry.kind !== 'delete',
      )
      const urls = new Set(input.stored?.imgUrls ?? [])
      let recordMayExist = input.stored !== null
      for (const entry of entries) {
        for (const url of [...uploadedUrls(entry), ...entry.keptUrls, ...entry.cleanupUrls]) urls.add(url)
        if (entry.kind === 'edit' || entry.handoffStarted || entry.state === 'handedOff')
          recordMayExist = true
        await this.db.photos.where('submissionId').equals(entry.id).delete()
        await this.db.submissions.delete(entry.id)
      }
      if (!recordMayExist && urls.size === 0) return
      await this.newEntry({
        kind: 'delete',
        kidId: input.kidId,
        userId: input.userId,
        fields: null,
        photos: [],
        keptUrls: [],
        cleanupUrls: [...urls],
        // Nothing in Firestore to delete: only the photos are left to remove.
        state: recordMayExist ? 'queued' : 'cleanup',
      })
    })
  }

  /** Replaces an entry by `change(entry)` in one transaction; null leaves it. True if it changed. */
  private async change(id: string, change: (entry: Submission) => Submission | null): Promise<boolean> {
    return this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      const next = entry ? change(entry) : null
      if (!next) return false
      await this.db.submissions.put(next)
      return true
    })
  }

  /** The parent's Retry on a failed entry. */
  async retry(id: string): Promise<void> {
    await this.change(id, (entry) =>
      entry.state === 'failed'
        ? {
            ...entry,
            // A refused save that had reached Firestore goes through the same steps again.
            state: 'queued',
            attempts: 0,
            nextAttemptAt: 0,
            error: null,
            rev: entry.rev + 1,
          }
        : null,
    )
  }

  /** The parent's Discard: drops the entry; photos it already uploaded are deleted from storage. */
  async discard(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry) return
      await this.db.photos.where('submissionId').equals(id).delete()
      await this.db.submissions.delete(id)
      // A new child the server may have stored after all (a crash after the hand-off) is deleted too.
      const deleteRecord = entry.kind === 'add' && entry.handoffStarted
      const urls = uploadedUrls(entry)
      if (!deleteRecord && urls.length === 0) return
      await this.newEntry({
        kind: 'delete',
        kidId: entry.kidId,
        userId: entry.userId,
        fields: null,
        photos: [],
        keptUrls: [],
        cleanupUrls: urls,
        state: deleteRecord ? 'queued' : 'cleanup',
      })
    })
  }

  // --- Steps of the sender. Each checks that the entry is still the one it was working on. ---

  /**
   * Marks a photo uploaded. Returns false when the parent replaced or discarded it meanwhile; its upload
   * is then queued for deletion.
   */
  async markPhotoUploaded(id: string, userId: string, photoId: string, url: string): Promise<boolean> {
    const kept = await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (entry?.photos.some((photo) => photo.id === photoId)) {
        await this.db.submissions.put({
          ...entry,
          photos: entry.photos.map((photo) => (photo.id === photoId ? { ...photo, url } : photo)),
        })
        return true
      }
      if (entry) {
        await this.db.submissions.put({ ...entry, cleanupUrls: unique([...entry.cleanupUrls, url]) })
      } else {
        await this.addCleanup(userId, url)
      }
      return false
    })
    return kept
  }

  /** A cleanup-only entry that deletes a stray upload whose entry is gone (discarded, deleted). */
  private async addCleanup(userId: string, url: string): Promise<void> {
    await this.newEntry({
      kind: 'delete',
      kidId: '',
      userId,
      fields: null,
      photos: [],
      keptUrls: [],
      cleanupUrls: [url],
      state: 'cleanup',
    })
  }

  async markHandoffStarted(id: string): Promise<void> {
    await this.db.submissions.update(id, { handoffStarted: true })
  }

  /** The record is in Firestore's local queue. False when the parent changed the entry meanwhile. */
  async markHandedOff(id: string, rev: number): Promise<boolean> {
    const done = await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry || entry.rev !== rev || entry.state !== 'queued') return false
      await this.db.submissions.put({
        ...entry,
        state: 'handedOff',
        handedOffAt: this.now(),
        attempts: 0,
        nextAttemptAt: 0,
        error: null,
      })
      return true
    })
    return done
  }

  /** The server accepted the save: its photo bytes are no longer needed, replaced photos can go. */
  async completeSave(id: string, rev: number): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry || entry.rev !== rev || entry.state !== 'handedOff') return
      await this.db.photos.where('submissionId').equals(id).delete()
      if (entry.cleanupUrls.length === 0) await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, state: 'cleanup', attempts: 0, nextAttemptAt: 0 })
    })
  }

  /** A delete is in Firestore's queue: the photos are left. */
  async markRecordDeleted(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry) return
      if (entry.cleanupUrls.length === 0) await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, state: 'cleanup', attempts: 0, nextAttemptAt: 0 })
    })
  }

  async markCleanedUp(id: string, url: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry) return
      const cleanupUrls = entry.cleanupUrls.filter((u) => u !== url)
      if (cleanupUrls.length === 0 && entry.state === 'cleanup') await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, cleanupUrls })
    })
  }

  /** A transient failure: try again at `nextAttemptAt`. */
  async markRetry(id: string, rev: number, error: string, nextAttemptAt: number): Promise<void> {
    await this.change(id, (entry) =>
      entry.rev === rev ? { ...entry, attempts: entry.attempts + 1, nextAttemptAt, error } : null,
    )
  }

  /** A permanent failure: the entry stops until the parent retries, edits or discards it. */
  async markFailed(id: string, rev: number, error: string): Promise<boolean> {
    const changed = await this.change(id, (entry) =>
      entry.rev === rev && entry.state !== 'failed'
        ? { ...entry, state: 'failed', attempts: entry.attempts + 1, nextAttemptAt: 0, error }
        : null,
    )
    return changed
  }

  /** Retries waiting for their backoff start now (the device came online, the app became visible). */
  async wakeUp(): Promise<void> {
    await this.db.submissions
      .filter((entry) => entry.state !== 'failed' && entry.nextAttemptAt > 0)
      .modify({ nextAttemptAt: 0 })
  }
}
