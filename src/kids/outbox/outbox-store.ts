// The outbox on the device (Dexie over IndexedDB): add, edit and delete submissions with their photos,
// kept until the backend has them (docs/decisions/0002-exactly-once-outbox.md). Every change is one
// IndexedDB transaction, so a reload or a crash leaves either the old or the new state, never half of
// one. Step markers (a photo's `uploaded`, the `handedOff` state) are persisted as soon as a step is
// done, so the sender resumes where it stopped. Where the browser has no IndexedDB (some private modes),
// the same queue lives in memory for the tab's lifetime (docs/decisions/0009-outbox-in-memory.md).
import Dexie, { type EntityTable } from 'dexie'
import { newRandomId } from '../../shared/records/ids'
import { isOwnPhotoPath, type PhotoType, photoStoragePath } from '../../shared/records/kid-photos'
import type { KidFields, StoredKid } from '../../shared/records/kid-record'
import { type EditPhoto, editPhotos, isKeptPhoto } from './edit-photos'
import { defineOutboxSchema, pathsOf } from './outbox-schema'

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
  /** The step marker: true once the photo is in storage. */
  readonly uploaded: boolean
}

export interface StoredPhotoBytes {
  readonly id: string
  readonly submissionId: string
  readonly type: PhotoType
  readonly data: ArrayBuffer
}

export type SubmissionKind = 'add' | 'edit' | 'delete'

/**
 * queued: waiting to be sent. handedOff: the record is in Firestore's local queue; kept until the
 * server has answered. cleanup: only photo deletions are left. failed: stopped for the parent.
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
  /** New photos, queued on this device with their bytes (uploaded or not). */
  readonly photos: readonly OutboxPhoto[]
  /** The photos already in storage that an edit keeps. */
  readonly keptPaths: readonly string[]
  /** The record's photos in order, the cover first: kept paths and the new photos' paths, mixed. */
  readonly imgPaths: readonly string[]
  /** Photos to delete from storage once this submission is saved (or, for a delete, at once). */
  readonly cleanupPaths: readonly string[]
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

/** Open entries (not yet in Firestore) of a child: at most one per child, edits update it in place. */
export function isOpen(entry: Submission): boolean {
  return (entry.state === 'queued' || entry.state === 'failed') && entry.kind !== 'delete'
}

/** Entries whose change has not reached the server yet (what a parent would lose by discarding them). */
export function isUnsent(entry: Submission): boolean {
  return entry.state !== 'cleanup'
}

/** Every photo path an entry may have put into storage (uploaded new photos). */
function uploadedPaths(entry: Submission): string[] {
  return entry.photos.flatMap((photo) => (photo.uploaded ? [photo.path] : []))
}

function unique(paths: Iterable<string>): string[] {
  return [...new Set(paths)]
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
  /**
   * The photos in the parent's order, the cover first: kept ones (by path) and new ones; the ones left
   * out are removed. null keeps the photos as they are.
   */
  readonly photos: readonly EditPhoto[] | null
  /**
   * The photos' paths as the form showed them. With `stored` they say what the child had: the form
   * may have read the child from a save that has reached the server since (then `stored` is stale).
   */
  readonly shown?: readonly string[]
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
  'kind' | 'kidId' | 'userId' | 'fields' | 'photos' | 'keptPaths' | 'cleanupPaths' | 'state'
> & { readonly id?: string; readonly imgPaths?: readonly string[] }

export interface OutboxOptions {
  readonly now?: () => number
  /** An IndexedDB implementation other than the browser's (the in-memory one; tests). */
  readonly indexedDB?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }
}

export class Outbox {
  readonly db: Db
  /** False when the queue lives in memory only (no IndexedDB): it is gone when the tab closes. */
  readonly persistent: boolean
  private readonly now: () => number

  constructor(name: string = OUTBOX_DB_NAME, options: OutboxOptions = {}) {
    this.db = defineOutboxSchema(new Dexie(name, options.indexedDB ?? {}) as Db)
    this.persistent = !options.indexedDB
    this.now = options.now ?? Date.now
  }

  /**
   * Opens the device's outbox; where the browser has no working IndexedDB, an in-memory one for the
   * tab's lifetime (its code is loaded only then).
   */
  static async open(name: string = OUTBOX_DB_NAME, options: { readonly now?: () => number } = {}) {
    try {
      if (typeof indexedDB === 'undefined' || indexedDB === null)
        throw new Error('No IndexedDB in this browser')
      const outbox = new Outbox(name, options)
      await outbox.db.open()
      return outbox
    } catch (error) {
      console.warn('This browser keeps no data on the device; the outbox lives in memory', error)
      const { indexedDB, IDBKeyRange } = await import('fake-indexeddb')
      const outbox = new Outbox(name, { ...options, indexedDB: { indexedDB, IDBKeyRange } })
      await outbox.db.open()
      return outbox
    }
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

  /** Entries some sender still has work for, whoever they belong to (what the start-up hint counts). */
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
      imgPaths: [],
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
        uploaded: false,
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
        keptPaths: [],
        imgPaths: metas.map((photo) => photo.path),
        cleanupPaths: [],
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
    return this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entries = await this.db.submissions.where('kidId').equals(input.kidId).toArray()
      const open = entries.find(isOpen)
      const id = open?.id ?? newRandomId()
      const before = open ?? {
        photos: [],
        keptPaths: unique([...pathsOf(input.stored?.imgUrls), ...(input.shown ?? [])]),
        cleanupPaths: [],
      }
      // No photo change: the entry's (or the record's) photos as they are.
      const chosen = input.photos ?? (open ? open.imgPaths : before.keptPaths).map((path) => ({ path }))
      const picked = chosen.filter((photo): photo is PreparedPhoto => !isKeptPhoto(photo))
      const { rows, metas } = this.photoRows(id, input.userId, picked)
      // A photo of this parent's that the record had when the form was filled (it may have been saved
      // since the form read it) is kept too; removed ones are deleted from storage once this is saved.
      const edited = editPhotos(before, chosen, metas, (path) => isOwnPhotoPath(path, input.userId))
      await this.db.photos.bulkDelete(edited.droppedPhotoIds)
      await this.db.photos.bulkAdd(rows)
      const photos = {
        photos: edited.photos,
        keptPaths: edited.keptPaths,
        imgPaths: edited.imgPaths,
        cleanupPaths: unique([...before.cleanupPaths, ...edited.cleanupPaths]),
      }
      if (open) {
        await this.db.submissions.put({
          ...open,
          ...photos,
          fields: input.fields,
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          error: null,
          rev: open.rev + 1,
        })
        return id
      }
      await this.newEntry({
        id,
        kind: 'edit',
        kidId: input.kidId,
        userId: input.userId,
        fields: input.fields,
        ...photos,
        state: 'queued',
      })
      return id
    })
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
      const paths = new Set(pathsOf(input.stored?.imgUrls))
      let recordMayExist = input.stored !== null
      for (const entry of entries) {
        for (const path of [...uploadedPaths(entry), ...entry.keptPaths, ...entry.cleanupPaths])
          paths.add(path)
        if (entry.kind === 'edit' || entry.handoffStarted || entry.state === 'handedOff')
          recordMayExist = true
        await this.db.photos.where('submissionId').equals(entry.id).delete()
        await this.db.submissions.delete(entry.id)
      }
      if (!recordMayExist && paths.size === 0) return
      await this.newEntry({
        kind: 'delete',
        kidId: input.kidId,
        userId: input.userId,
        fields: null,
        photos: [],
        keptPaths: [],
        cleanupPaths: [...paths],
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
        ? // A refused save that had reached Firestore goes through the same steps again.
          { ...entry, state: 'queued', attempts: 0, nextAttemptAt: 0, error: null, rev: entry.rev + 1 }
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
      const paths = uploadedPaths(entry)
      if (!deleteRecord && paths.length === 0) return
      await this.newEntry({
        kind: 'delete',
        kidId: entry.kidId,
        userId: entry.userId,
        fields: null,
        photos: [],
        keptPaths: [],
        cleanupPaths: paths,
        state: deleteRecord ? 'queued' : 'cleanup',
      })
    })
  }

  // --- Steps of the sender. Each checks that the entry is still the one it was working on. ---

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
        await this.newEntry({
          // A stray upload whose entry is gone (discarded, deleted): only its deletion is left.
          kind: 'delete',
          kidId: '',
          userId,
          fields: null,
          photos: [],
          keptPaths: [],
          cleanupPaths: [path],
          state: 'cleanup',
        })
      return false
    })
  }

  async markHandoffStarted(id: string): Promise<void> {
    await this.db.submissions.update(id, { handoffStarted: true })
  }

  /** The record is in Firestore's local queue. False when the parent changed the entry meanwhile. */
  async markHandedOff(id: string, rev: number): Promise<boolean> {
    return this.change(id, (entry) =>
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
      if (entry.cleanupPaths.length === 0) await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, state: 'cleanup', attempts: 0, nextAttemptAt: 0 })
    })
  }

  /**
   * The write this entry handed to Firestore is no longer in its queue, and the server does not have it
   * (the device's Firestore data was cleared): hand it over again. Uploaded photos stay uploaded.
   */
  async requeue(id: string, rev: number): Promise<boolean> {
    return this.change(id, (entry) =>
      entry.rev === rev && entry.state === 'handedOff' ? { ...entry, state: 'queued', handedOffAt: 0 } : null,
    )
  }

  /** A delete is in Firestore's queue: the photos are left. */
  async markRecordDeleted(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.submissions, async () => {
      const entry = await this.db.submissions.get(id)
      if (!entry) return
      if (entry.cleanupPaths.length === 0) await this.db.submissions.delete(id)
      else await this.db.submissions.put({ ...entry, state: 'cleanup', attempts: 0, nextAttemptAt: 0 })
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
    await this.change(id, (entry) =>
      entry.rev === rev ? { ...entry, attempts: entry.attempts + 1, nextAttemptAt, error } : null,
    )
  }

  /** A permanent failure: the entry stops until the parent retries, edits or discards it. */
  async markFailed(id: string, rev: number, error: string): Promise<boolean> {
    return this.change(id, (entry) =>
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

  /**
   * Signing out, keeping the parent's unsent work for their next sign-in: Firestore's queue is cleared
   * with the rest of the device's data, so saves handed to it go back to the queue (their photos stay
   * uploaded) and are handed over again, once, after the parent signs in.
   */
  async keepForLater(userId: string): Promise<void> {
    await this.db.submissions
      .where('userId')
      .equals(userId)
      .filter((entry) => entry.state === 'handedOff')
      .modify({ state: 'queued', handedOffAt: 0 })
  }

  /**
   * Forgets everything of a parent on this device (sign-out without keeping, account deleted). Returns
   * the storage paths no record can use any more, so the caller can delete them while the parent is
   * still signed in: photos uploaded for a change never handed to Firestore, and photos already waiting
   * for deletion. (The photos of a change that may have reached the server, and those a pending edit
   * would replace, stay: a record may still show them.)
   */
  async forget(userId: string): Promise<string[]> {
    return this.db.transaction('rw', this.db.submissions, this.db.photos, async () => {
      const entries = await this.db.submissions.where('userId').equals(userId).toArray()
      const orphans = entries.flatMap((entry) => {
        if (entry.state === 'cleanup') return entry.cleanupPaths
        return entry.kind !== 'delete' && !entry.handoffStarted ? uploadedPaths(entry) : []
      })
      for (const entry of entries) await this.db.photos.where('submissionId').equals(entry.id).delete()
      await this.db.submissions.where('userId').equals(userId).delete()
      return unique(orphans)
    })
  }
}
