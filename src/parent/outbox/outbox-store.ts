// The outbox's store (docs/decisions/0002-exactly-once-outbox.md, 0018): reading the queue, and the
// parent's changes to it (add, edit, delete, retry, discard, sign-out), each one IndexedDB transaction,
// so a reload or a crash leaves either the old or the new state, never half of one. The sender's step
// markers are `outbox.steps` (outbox-steps.ts); rows, schema and upgrades are in outbox-db.ts. Where
// the browser has no IndexedDB (some private modes), the same queue lives in memory for the tab's
// lifetime (docs/decisions/0009-outbox-in-memory.md).
import { newRandomId } from '#shared/records/ids'
import { isOwnPhotoPath, photoStoragePath } from '#shared/records/kid-photos'
import type { KidFields, StoredKid } from '#shared/records/kid-record'
import { type EditPhoto, editPhotos, isKeptPhoto } from './edit-photos'
import {
  type IndexedDBImplementation,
  isOpen,
  type NewEntry,
  OUTBOX_DB_NAME,
  OutboxDb,
  type OutboxPhoto,
  type PreparedPhoto,
  pathsOf,
  type StoredPhotoBytes,
  type Submission,
  unique,
  uploadedPaths,
} from './outbox-db'
import { SenderSteps } from './outbox-steps'

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

export interface OutboxOptions {
  readonly now?: () => number
  /** An IndexedDB implementation other than the browser's (the in-memory one; tests). */
  readonly indexedDB?: IndexedDBImplementation
}

export class Outbox {
  readonly db: OutboxDb
  /** False when the queue lives in memory only (no IndexedDB): it is gone when the tab closes. */
  readonly persistent: boolean
  /** The sender's steps on this queue. */
  readonly steps: SenderSteps
  private readonly now: () => number

  constructor(name: string = OUTBOX_DB_NAME, options: OutboxOptions = {}) {
    this.db = new OutboxDb(name, options.indexedDB)
    this.steps = new SenderSteps(this.db, options.now ?? Date.now)
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
    return (await this.db.entriesOf(kidId)).find(isOpen)
  }

  async photoBytes(photoId: string): Promise<StoredPhotoBytes | undefined> {
    return this.db.photos.get(photoId)
  }

  /** Entries some sender still has work for, whoever they belong to (what the start-up hint counts). */
  async pendingCount(): Promise<number> {
    const replies = await this.db.replies.filter((reply) => reply.state === 'queued').count()
    const files = await this.db.enrolments.filter((file) => file.state === 'queued').count()
    return replies + files + (await this.db.submissions.filter((entry) => entry.state !== 'failed').count())
  }

  private async newEntry(entry: NewEntry): Promise<void> {
    await this.db.addEntry(entry, this.now())
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
      const open = (await this.db.entriesOf(input.kidId)).find(isOpen)
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
      const entries = (await this.db.entriesOf(input.kidId)).filter((entry) => entry.kind !== 'delete')
      const paths = new Set(pathsOf(input.stored?.imgUrls))
      let recordMayExist = input.stored !== null
      for (const entry of entries) {
        for (const path of [...uploadedPaths(entry), ...entry.keptPaths, ...entry.cleanupPaths])
          paths.add(path)
        if (entry.kind === 'edit' || entry.handoffStarted || entry.state === 'handedOff')
          recordMayExist = true
        await this.db.dropEntry(entry.id)
      }
      if (!recordMayExist && paths.size === 0) return
      await this.newEntry({
        kind: 'delete',
        kidId: input.kidId,
        userId: input.userId,
        fields: null,
        photos: [],
        keptPaths: [],
        imgPaths: [],
        cleanupPaths: [...paths],
        // Nothing in Firestore to delete: only the photos are left to remove.
        state: recordMayExist ? 'queued' : 'cleanup',
      })
    })
  }

  /** The parent's Retry on a failed entry. */
  async retry(id: string): Promise<void> {
    await this.db.change(id, (entry) =>
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
      await this.db.dropEntry(id)
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
        imgPaths: [],
        cleanupPaths: paths,
        state: deleteRecord ? 'queued' : 'cleanup',
      })
    })
  }

  /**
   * Signing out, keeping the parent's unsent work for their next sign-in: Firestore's queue is cleared
   * with the rest of the device's data, so saves handed to it go back to the queue (their photos stay
   * uploaded) and are handed over again, once, after the parent signs in.
   */
  async keepForLater(userId: string): Promise<void> {
    // A reply the server has is nothing left to send: only the parent's unsent data stays.
    await this.db.replies
      .where('userId')
      .equals(userId)
      .filter((reply) => reply.state === 'sent')
      .delete()
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
    const { submissions, photos, replies, enrolments, documents } = this.db
    return this.db.transaction('rw', [submissions, photos, replies, enrolments, documents], async () => {
      await this.db.replies.where('userId').equals(userId).delete()
      // An enrolment file not sent goes, with its documents' bytes (uploaded ones are in the parent's
      // folder, which 'Delete my account' and the sweep find; a later save names them again).
      const files = await this.db.enrolments.where('userId').equals(userId).toArray()
      for (const file of files) await this.db.documents.where('kidId').equals(file.kidId).delete()
      await this.db.enrolments.where('userId').equals(userId).delete()
      const entries = await this.db.submissions.where('userId').equals(userId).toArray()
      const orphans = entries.flatMap((entry) => {
        if (entry.state === 'cleanup') return entry.cleanupPaths
        return entry.kind !== 'delete' && !entry.handoffStarted ? uploadedPaths(entry) : []
      })
      for (const entry of entries) await this.db.dropEntry(entry.id)
      return unique(orphans)
    })
  }
}
