// The outbox's IndexedDB schema and its upgrades. An upgrade keeps every queued submission: a parent's
// unsent children survive a new version of the app.
import type Dexie from 'dexie'
import { storagePathOf } from '../../shared/records/kid-photos'
import type { OutboxPhoto } from './outbox-store'

/** A row of the first version: photos marked, and named, by their download address. */
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

export function pathsOf(addresses: readonly string[] | undefined): string[] {
  return (addresses ?? []).flatMap((address) => storagePathOf(address) ?? [])
}

const stores = { submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' }

export function defineOutboxSchema<T extends Dexie>(db: T): T {
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
  return db
}
