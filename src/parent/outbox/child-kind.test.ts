// The old outbox's children moved into jobs of kind 'child' (decision 0077), on real older databases:
// each state comes through with its bytes and its age, a second run (another tab, or a crash before the
// old rows were deleted) adds nothing, a new child whose age is words is kept failed to mend, and a
// database of any version is emptied and deleted.
import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fields, PARENT } from '#parent/outbox/testing/outbox-fixtures'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import { adoptOldSubmissions, CHILD_KIND, type ChildPayload, MEND_AGE, rowOf } from './child-kind'
import { OutboxDb, type Submission } from './outbox-db'
import { adoptOldOutbox } from './outbox-runtime'

const T = 1_763_900_000_000
const progress = { handoffStarted: false, handedOffAt: 0, attempts: 0, nextAttemptAt: 0, error: null }
const photoId = 'P1p1p1p1p1p1p1p1p1p1'
const path = `images/${PARENT}/p.png-${photoId}`

/** A submission as version 5 kept it. */
function row(id: string, seq: number, overrides: Partial<Submission>): Submission {
  return {
    id,
    seq,
    kind: 'add',
    kidId: `kid-${id}`,
    userId: PARENT,
    fields: fields(`Child ${id}`),
    photos: [],
    keptPaths: [],
    imgPaths: [],
    cleanupPaths: [],
    state: 'queued',
    ...progress,
    rev: 1,
    createdAt: T + seq,
    ...overrides,
  } as Submission
}

const rows = [
  row('queued', 1, {
    photos: [{ id: photoId, name: 'p.png', type: 'image/png', size: 3, path, uploaded: false }],
    imgPaths: [path],
  }),
  row('handed', 2, { state: 'handedOff', handoffStarted: true, handedOffAt: T + 50 }),
  row('cleanup', 3, {
    kind: 'delete',
    fields: null,
    photos: [],
    state: 'cleanup',
    cleanupPaths: [`images/${PARENT}/old.png-x`],
  } as Partial<Submission>),
  row('failed', 4, { kind: 'edit', state: 'failed', error: 'storage/unauthorized' }),
  row('words', 5, { fields: { ...fields('Words'), kidAge: '4', kidBirthMonth: '' } }),
]

let name: string
let engine: OutboxEngine

beforeEach(() => {
  name = `child-kind-${newRandomId(8)}`
  engine = new OutboxEngine({ db: new JobDb(`${name}-jobs`, { indexedDB, IDBKeyRange }) })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  engine.close()
})

async function writeVersion5(): Promise<void> {
  const db = new OutboxDb(name)
  await db.open()
  await db.submissions.bulkAdd(rows)
  await db.photos.add({ id: photoId, submissionId: 'queued', type: 'image/png', data: new ArrayBuffer(3) })
  db.close()
}

describe("the old queue's children, moved into jobs", () => {
  it('keeps each one in its state, with its bytes and its age; a new child with its age in words to mend', async () => {
    await writeVersion5()
    const db = new OutboxDb(name)
    await db.open()
    expect(await adoptOldSubmissions(db, engine)).toBe(rows.length)
    expect(await db.submissions.count()).toBe(0)
    expect(await db.photos.count()).toBe(0)
    db.close()

    const jobs = await engine.list<ChildPayload>(CHILD_KIND, PARENT)
    expect(jobs.map((job) => [job.id, job.state, job.error, job.createdAt])).toEqual([
      ['queued', 'queued', null, T + 1],
      ['handed', 'held', null, T + 2],
      ['cleanup', 'queued', null, T + 3],
      ['failed', 'failed', 'storage/unauthorized', T + 4],
      ['words', 'failed', MEND_AGE, T + 5],
    ])
    // The screens read each as the row it was.
    expect(jobs.map((job) => rowOf(job).state)).toEqual([
      'queued',
      'handedOff',
      'cleanup',
      'failed',
      'failed',
    ])
    expect(rowOf(jobs[0] as (typeof jobs)[0])).toMatchObject({ kidId: 'kid-queued', imgPaths: [path] })
    expect(jobs[2]?.payload).toMatchObject({ phase: 'cleanup', cleanupPaths: [`images/${PARENT}/old.png-x`] })
    expect(await engine.blob(photoId)).toMatchObject({ jobId: 'queued', type: 'image/png' })
  })

  it('adds nothing a second time: another tab, or a crash before the old rows went', async () => {
    await writeVersion5()
    const db = new OutboxDb(name)
    await db.open()
    await adoptOldSubmissions(db, engine)
    // The rows are back, as if the first run had died before deleting them.
    await db.submissions.bulkAdd(rows)
    await db.photos.add({ id: photoId, submissionId: 'queued', type: 'image/png', data: new ArrayBuffer(3) })
    await adoptOldSubmissions(db, engine)
    db.close()
    expect(await engine.db.jobs.count()).toBe(rows.length)
    expect(await engine.db.blobs.count()).toBe(1)
  })

  it('opens a database of each older version, moves everything and deletes it', async () => {
    for (const version of [3, 4, 5] as const) {
      const old = new Dexie(`${name}-v${version}`)
      const stores = { submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' }
      old.version(1).stores(stores)
      old.version(2).stores(stores)
      old.version(3).stores(stores)
      if (version >= 4) old.version(4).stores({ ...stores, replies: 'id, userId, kidId' })
      if (version === 5)
        old.version(5).stores({
          ...stores,
          replies: 'id, userId, kidId',
          enrolments: 'id, userId',
          documents: 'path, kidId',
        })
      await old.open()
      await old.table('submissions').add(row(`v${version}`, 1, {}))
      if (version >= 4)
        await old.table('replies').add({
          id: `kid-v${version}/q1`,
          userId: PARENT,
          kidId: `kid-v${version}`,
          questionId: 'q1',
          reply: 'accepted',
          state: 'queued',
          createdAt: T,
        })
      old.close()
      await adoptOldOutbox(`${name}-v${version}`, engine)
      expect(await Dexie.exists(`${name}-v${version}`)).toBe(false)
    }
    expect((await engine.list(CHILD_KIND)).map((job) => job.id)).toEqual(['v3', 'v4', 'v5'])
    expect((await engine.list('reply')).map((job) => job.id)).toEqual(['kid-v4/q1', 'kid-v5/q1'])
    // A device that never had the old database gets none.
    await adoptOldOutbox(`${name}-never`, engine)
    expect(await Dexie.exists(`${name}-never`)).toBe(false)
  })
})
