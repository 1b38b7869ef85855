// The outbox's database (Dexie over IndexedDB): one store of jobs and one of their bytes. Its versions
// are never edited: a new one goes below with its upgrade and a test on a real database of the
// version before (as src/parent/outbox/outbox-db.test.ts does). Where the browser has no working
// IndexedDB (some private modes), the same database lives in memory for the tab's lifetime (decision
// 0009).
import Dexie, { type EntityTable } from 'dexie'
import type { Job, JobBlob } from './job'

export const JOB_DB_NAME = 'sunbeam-jobs'

/** An IndexedDB implementation other than the browser's (the in-memory one; tests). */
export interface IndexedDBImplementation {
  readonly indexedDB: IDBFactory
  readonly IDBKeyRange: typeof IDBKeyRange
}

export class JobDb extends Dexie {
  declare readonly jobs: EntityTable<Job, 'id'>
  declare readonly blobs: EntityTable<JobBlob, 'id'>
  /** False when the database lives in memory only: it is gone when the tab closes. */
  readonly persistent: boolean

  constructor(name: string = JOB_DB_NAME, implementation?: IndexedDBImplementation) {
    super(name, implementation ?? {})
    this.persistent = !implementation
    this.version(1).stores({ jobs: 'id, seq, kind, owner, state', blobs: 'id, jobId' })
  }

  /** Opens the device's database; where the browser has none that works, an in-memory one. */
  static async openOnDevice(name: string = JOB_DB_NAME): Promise<JobDb> {
    try {
      if (typeof indexedDB === 'undefined' || indexedDB === null)
        throw new Error('No IndexedDB in this browser')
      const db = new JobDb(name)
      await db.open()
      return db
    } catch (error) {
      console.warn('This browser keeps no data on the device; the outbox lives in memory', error)
      const { indexedDB, IDBKeyRange } = await import('fake-indexeddb')
      const db = new JobDb(name, { indexedDB, IDBKeyRange })
      await db.open()
      return db
    }
  }
}
