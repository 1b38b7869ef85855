// The old outbox's database, `sunbeam-outbox` (Dexie over IndexedDB), kept only to be read once: what
// a queued submission and its photos' bytes looked like, the schema's versions 1 to 5 and the upgrades
// between them, so that a device on any older version opens it with every row in the last shape. The
// runtime then moves its rows into jobs of the outbox engine and deletes it (outbox-runtime.ts,
// adoptOldOutbox; decisions 0068, 0077). A submission's row is still the shape the screens read: the
// kind 'child' gives its jobs in it (child-kind.ts, rowOf).
import Dexie, { type EntityTable } from 'dexie'
import type { DocumentType, EnrolmentFields } from '#shared/records/enrolment-record'
import { type PhotoType, storagePathOf } from '#shared/records/kid-photos'
import type { KidFields } from '#shared/records/kid-record'
import type { Reply } from '#shared/records/reply-record'

export const OUTBOX_DB_NAME = 'sunbeam-outbox'

/** A queued photo's description (its bytes live in the `photos` table). */
export interface OutboxPhoto {
  readonly id: string
  readonly name: string
  readonly type: PhotoType
  readonly size: number
  /** Fixed at submission (images/{userId}/{fileName}-{random id}, decision 0020): a retried upload overwrites it. */
  readonly path: string
  /** The step marker: true once the photo is in storage. */
  readonly uploaded: boolean
}

/** A row of the `photos` table: a queued photo's bytes. */
export interface StoredPhotoBytes {
  readonly id: string
  readonly submissionId: string
  readonly type: PhotoType
  readonly data: ArrayBuffer
}

export type SubmissionKind = Submission['kind']

/**
 * queued: waiting to be sent. handedOff: the record is in Firestore's local queue; kept until the
 * server has answered. cleanup: only photo deletions are left. failed: stopped for the parent.
 */
export type SubmissionState = 'queued' | 'handedOff' | 'cleanup' | 'failed'

/** What every queued submission holds, whatever its kind. */
interface SubmissionBase {
  readonly id: string
  /** Send order. */
  readonly seq: number
  /** The child ('' for a stray photo's deletion, which belongs to no child). */
  readonly kidId: string
  readonly userId: string
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

/** A save of a child's record (a new child, or an edit): its fields and its photos. */
interface SaveBase extends SubmissionBase {
  /** The form's fields. */
  readonly fields: KidFields
  /** New photos, queued on this device with their bytes (uploaded or not). */
  readonly photos: readonly OutboxPhoto[]
  /** The photos already in storage that the record keeps. */
  readonly keptPaths: readonly string[]
  /** The record's photos in order, the cover first: kept paths and the new photos' paths, mixed. */
  readonly imgPaths: readonly string[]
}

export interface AddSubmission extends SaveBase {
  readonly kind: 'add'
}

export interface EditSubmission extends SaveBase {
  readonly kind: 'edit'
}

/** Deletes a child's record (state queued) or only photos (state cleanup); it carries no record. */
export interface DeleteSubmission extends SubmissionBase {
  readonly kind: 'delete'
  readonly fields: null
  readonly photos: readonly []
  readonly keptPaths: readonly []
  readonly imgPaths: readonly []
}

/** A queued submission, one row of the `submissions` table. */
export type Submission = AddSubmission | EditSubmission | DeleteSubmission

/** Open entries (not yet in Firestore) of a child: at most one per child, edits update it in place. */
export function isOpen(entry: Submission): boolean {
  return (entry.state === 'queued' || entry.state === 'failed') && entry.kind !== 'delete'
}

/** Entries whose change has not reached the server yet (what a parent would lose by discarding them). */
export function isUnsent(entry: Submission): boolean {
  return entry.state !== 'cleanup'
}

export function unique(paths: Iterable<string>): string[] {
  return [...new Set(paths)]
}

// --- The schema's history. Each version's rows as that version's code wrote them. ---

/** A row of version 1: photos marked, and named, by their download address. */
interface SubmissionV1 {
  photos: (Omit<OutboxPhoto, 'uploaded'> & { url?: string | null; uploaded?: boolean })[]
  keptUrls?: string[]
  cleanupUrls?: string[]
  keptPaths?: string[]
  cleanupPaths?: string[]
}

/** A row of version 2: new photos replaced the kept ones, so the record's photos were one or the other. */
interface SubmissionV2 {
  photos: OutboxPhoto[]
  keptPaths: string[]
  imgPaths?: string[]
}

/** Storage paths of photos named by path or by download address; other addresses are dropped. */
export function pathsOf(addresses: readonly string[] | undefined): string[] {
  return (addresses ?? []).flatMap((address) => storagePathOf(address) ?? [])
}

/** The tables and indexes of versions 1 to 3 (an upgrade only rewrote rows). */
const stores = { submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' }

/**
 * A parent's reply to the centre (Accept, Decline, 'Still interested?') kept on the device until the
 * server has it (reply-sender.ts; docs/decisions/0031-enrolment-states.md). Its id is the question's
 * (`${kidId}/${questionId}`): one reply per question, however often it is pressed.
 */
export interface QueuedReply {
  readonly id: string
  readonly userId: string
  readonly kidId: string
  readonly questionId: string
  readonly reply: Reply
  /**
   * queued: to send; sent: the server has it (kept until this device's listener shows it: see
   * reply-sender.ts); refused: the server refused it (the question was closed), kept to say why.
   */
  readonly state: 'queued' | 'sent' | 'refused'
  readonly createdAt: number
}

/**
 * A parent's enrolment file kept on the device until the server has it (decision 0050): one per child
 * (its id is the child's), replaced by each save, so the last save wins. Version 5 kept these rows in
 * the `enrolments` table; they are jobs of the outbox engine now (enrolment-kind.ts, decision 0068),
 * which the screens still read in this shape.
 */
export interface QueuedEnrolment {
  readonly id: string
  readonly userId: string
  readonly kidId: string
  /** The whole file as the parent saved it; its documents' paths are fixed (a retry overwrites). */
  readonly fields: EnrolmentFields
  /** Documents picked on this device, with their bytes in `documents` (uploaded or not). */
  readonly documents: readonly {
    readonly path: string
    readonly type: DocumentType
    readonly uploaded: boolean
  }[]
  /** queued: to send; refused: the server refused it (the place is not the family's), kept to say why. */
  readonly state: 'queued' | 'refused'
  /** Bumped by every save: the sender drops the row only if no save came while it was sending. */
  readonly rev: number
  readonly createdAt: number
}

/** A row of the `documents` table: a queued enrolment document's bytes, by its storage path. */
export interface StoredDocumentBytes {
  readonly path: string
  readonly kidId: string
  readonly type: DocumentType
  readonly data: ArrayBuffer
}

function defineVersions(db: Dexie): void {
  db.version(1).stores(stores)
  // Photos are private now: entries name them by storage path, never by a download address.
  db.version(2)
    .stores(stores)
    .upgrade((tx) =>
      tx
        .table('submissions')
        .toCollection()
        .modify((row: SubmissionV1) => {
          row.photos = row.photos.map(({ url, ...photo }) => ({ ...photo, uploaded: Boolean(url) }))
          row.keptPaths = pathsOf(row.keptUrls)
          row.cleanupPaths = pathsOf(row.cleanupUrls)
          delete row.keptUrls
          delete row.cleanupUrls
        }),
    )
  // An edit keeps the saved photos and adds new ones: the record's order is kept on its own.
  db.version(3)
    .stores(stores)
    .upgrade((tx) =>
      tx
        .table('submissions')
        .toCollection()
        .modify((row: SubmissionV2) => {
          row.imgPaths = row.photos.length > 0 ? row.photos.map((photo) => photo.path) : [...row.keptPaths]
        }),
    )
  // The parents' replies to the centre (issue 35): a table of their own, nothing rewritten.
  db.version(4).stores({ ...stores, replies: 'id, userId, kidId' })
  // The enrolment files (issue 35, decision 0032) and their documents' bytes: tables of their own.
  db.version(5).stores({
    ...stores,
    replies: 'id, userId, kidId',
    enrolments: 'id, userId',
    documents: 'path, kidId',
  })
}

/** An IndexedDB implementation other than the browser's (the in-memory one; tests). */
export interface IndexedDBImplementation {
  readonly indexedDB: IDBFactory
  readonly IDBKeyRange: typeof IDBKeyRange
}

/** The old outbox's database, at its last version (5). */
export class OutboxDb extends Dexie {
  declare readonly submissions: EntityTable<Submission, 'id'>
  declare readonly photos: EntityTable<StoredPhotoBytes, 'id'>
  declare readonly replies: EntityTable<QueuedReply, 'id'>
  declare readonly enrolments: EntityTable<QueuedEnrolment, 'id'>
  declare readonly documents: EntityTable<StoredDocumentBytes, 'path'>

  constructor(name: string = OUTBOX_DB_NAME, implementation?: IndexedDBImplementation) {
    super(name, implementation ?? {})
    defineVersions(this)
  }
}

/** A photo scaled down on the device, ready to queue. */
export interface PreparedPhoto {
  readonly name: string
  readonly type: PhotoType
  /** ArrayBuffer, not Blob: Safari refuses Blobs in IndexedDB in some cases. */
  readonly data: ArrayBuffer
}
