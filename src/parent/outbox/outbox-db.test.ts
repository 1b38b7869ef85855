// The old outbox database's upgrades, on real older databases: each test writes a database with the
// exact schema and the exact rows an older version of the app wrote (read from that version's code in
// the history), closes it, then opens it with today's code, as a phone updating the app would. Every
// queued child and every photo's bytes must come through, with the right fields, and on into the jobs
// of the outbox engine (decision 0077), which send them.
import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fields, PARENT, PageOutbox, sharedLocks } from '#parent/outbox/testing/outbox-fixtures'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import { birthMonthFor } from '#shared/records/kid-age'
import { FakeKidsPort, FakePhotoStorage } from '#testing/backend/fake-kids-ports'
import { MEND_AGE } from './child-kind'
import { OutboxDb } from './outbox-db'
import { adoptOldOutbox } from './outbox-runtime'

const STORES = { submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' }
const BUCKET = 'demo-sunbeam.appspot.com'
const T = 1_763_900_000_000

/** A photo's download address as version 1 kept it (Firebase's getDownloadURL, or the emulator's). */
function downloadUrl(path: string, host = 'https://firebasestorage.googleapis.com'): string {
  return `${host}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media&token=6c1d2f0e-4b1a-4e55-9d1c-0f3a2b1c9e77`
}

/** Distinct bytes per photo, so a mix-up shows. */
function bytes(seed: number, size = 300): ArrayBuffer {
  const data = new Uint8Array(size)
  for (let i = 0; i < size; i += 1) data[i] = (seed * 31 + i) % 256
  return data.buffer
}

function pathOf(name: string, id: string): string {
  return `images/${PARENT}-${name}-${id}`
}

const progress = { handoffStarted: false, handedOffAt: 0, attempts: 0, nextAttemptAt: 0, error: null }

// Photos of the queued entries (ids as newRandomId made them: 20 letters and digits).
const A1 = { id: 'A1a1a1a1a1a1a1a1a1a1', name: 'a1.png', type: 'image/png', size: 300 }
const A2 = { id: 'A2a2a2a2a2a2a2a2a2a2', name: 'a2.jpg', type: 'image/jpeg', size: 280 }
const C1 = { id: 'C1c1c1c1c1c1c1c1c1c1', name: 'new_face.jpg', type: 'image/jpeg', size: 260 }
const D1 = { id: 'D1d1d1d1d1d1d1d1d1d1', name: 'd1.png', type: 'image/png', size: 240 }
const pathA1 = pathOf('a1.png', A1.id)
const pathA2 = pathOf('a2.jpg', A2.id)
const pathC1 = pathOf('new_face.jpg', C1.id)
const pathD1 = pathOf('d1.png', D1.id)
// Photos already in storage, named by their download address in version 1.
const storedB1 = 'images/parent1-b1.jpg-B1b1b1b1b1b1b1b1b1b1'
const storedB2 = 'images/parent1-b2.png-B2b2b2b2b2b2b2b2b2b2'
const storedC0 = 'images/parent1-old.jpg-C0c0c0c0c0c0c0c0c0c0'
const storedE1 = 'images/parent1-e1.jpg-E1e1e1e1e1e1e1e1e1e1'
const storedE2 = 'images/parent1-e2.jpg-E2e2e2e2e2e2e2e2e2e2'
const stray = 'images/parent1-stray.png-S1s1s1s1s1s1s1s1s1s1'

/** A child's fields as version 1 kept them: no month of birth yet. */
function v1Fields(kidName: string) {
  const { kidBirthMonth: _none, ...rest } = fields(kidName)
  return rest
}

/** The rows version 1 wrote (the old queue's outbox-store.ts, before photos became private). */
const v1Submissions = [
  {
    // A new child, queued offline: its first photo went up before the connection dropped.
    id: 'subA',
    seq: 1,
    kind: 'add',
    kidId: 'kidA',
    userId: PARENT,
    // Version 1's form took the age as words, and had no month of birth.
    fields: { ...v1Fields('Amara'), kidAge: '4' },
    photos: [
      { ...A1, path: pathA1, url: downloadUrl(pathA1) },
      { ...A2, path: pathA2, url: null },
    ],
    keptUrls: [],
    cleanupUrls: [],
    state: 'queued',
    ...progress,
    attempts: 2,
    nextAttemptAt: T + 4_000,
    error: 'network down',
    rev: 1,
    createdAt: T,
  },
  {
    // An edit of a saved child that keeps its photos (the record held download addresses then).
    id: 'subB',
    seq: 2,
    kind: 'edit',
    kidId: 'kidB',
    userId: PARENT,
    fields: fields('Bola', { plan: 'Weekly' }),
    photos: [],
    keptUrls: [downloadUrl(storedB1), downloadUrl(storedB2, 'http://127.0.0.1:9199')],
    cleanupUrls: [],
    state: 'queued',
    ...progress,
    rev: 3,
    createdAt: T + 1,
  },
  {
    // An edit that replaced the photos, refused for good: it waits for the parent's Retry.
    id: 'subC',
    seq: 3,
    kind: 'edit',
    kidId: 'kidC',
    userId: PARENT,
    fields: fields('Chidi'),
    photos: [{ ...C1, path: pathC1, url: null }],
    keptUrls: [],
    cleanupUrls: [downloadUrl(storedC0)],
    state: 'failed',
    ...progress,
    attempts: 1,
    error: 'storage/unauthorized',
    rev: 2,
    createdAt: T + 2,
  },
  {
    // A new child handed to Firestore, waiting for the server's answer (its bytes kept until then).
    id: 'subD',
    seq: 4,
    kind: 'add',
    kidId: 'kidD',
    userId: PARENT,
    fields: fields('Dayo'),
    photos: [{ ...D1, path: pathD1, url: downloadUrl(pathD1) }],
    keptUrls: [],
    cleanupUrls: [],
    state: 'handedOff',
    ...progress,
    handoffStarted: true,
    handedOffAt: T + 9_000,
    rev: 1,
    createdAt: T + 3,
  },
  {
    // A saved child deleted: the record and both its photos go.
    id: 'subE',
    seq: 5,
    kind: 'delete',
    kidId: 'kidE',
    userId: PARENT,
    fields: null,
    photos: [],
    keptUrls: [],
    cleanupUrls: [downloadUrl(storedE1), downloadUrl(storedE2)],
    state: 'queued',
    ...progress,
    rev: 1,
    createdAt: T + 4,
  },
  {
    // A stray upload whose entry was discarded: only its deletion is left.
    id: 'subS',
    seq: 6,
    kind: 'delete',
    kidId: '',
    userId: PARENT,
    fields: null,
    photos: [],
    keptUrls: [],
    cleanupUrls: [downloadUrl(stray)],
    state: 'cleanup',
    ...progress,
    rev: 1,
    createdAt: T + 5,
  },
]

/** Version 1's `photos` rows: the bytes as an ArrayBuffer (it never stored Blobs: Safari refuses some). */
const v1Photos = [
  { id: A1.id, submissionId: 'subA', type: A1.type, data: bytes(1, A1.size) },
  { id: A2.id, submissionId: 'subA', type: A2.type, data: bytes(2, A2.size) },
  { id: C1.id, submissionId: 'subC', type: C1.type, data: bytes(3, C1.size) },
  { id: D1.id, submissionId: 'subD', type: D1.type, data: bytes(4, D1.size) },
]

/** Writes a database of `version` (1 or 2) as that version's code declared it, then closes it. */
async function writeOldDatabase(name: string, version: 1 | 2, submissions: object[], photos: object[]) {
  const old = new Dexie(name)
  old.version(1).stores(STORES)
  if (version === 2) old.version(2).stores(STORES)
  await old.open()
  await old.table('submissions').bulkAdd(submissions)
  await old.table('photos').bulkAdd(photos)
  old.close()
}

/** A row without version 1's address fields: an upgraded row must not keep them beside the paths. */
function withoutAddresses<T extends { keptUrls?: unknown; cleanupUrls?: unknown }>(row: T) {
  const { keptUrls: _kept, cleanupUrls: _cleanup, ...rest } = row
  return rest
}

async function rowsOf(db: OutboxDb) {
  const submissions = await db.submissions.orderBy('seq').toArray()
  const photos = await db.photos.toArray()
  return { submissions, photos }
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  return a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === new Uint8Array(b)[i])
}

let name: string
const opened: { close(): void }[] = []

beforeEach(() => {
  name = `outbox-upgrade-${newRandomId(8)}`
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

describe('opening a version 1 outbox', () => {
  it('keeps every queued child, its photos named by storage path, and every photo’s bytes', async () => {
    await writeOldDatabase(name, 1, v1Submissions, v1Photos)
    const db = new OutboxDb(name)
    opened.push(db)
    await db.open()
    expect(db.verno).toBe(5)
    const { submissions, photos } = await rowsOf(db)

    const [a, b, c, d, e, s] = v1Submissions.map(withoutAddresses)
    expect(submissions).toStrictEqual([
      {
        ...a,
        photos: [
          { ...A1, path: pathA1, uploaded: true },
          { ...A2, path: pathA2, uploaded: false },
        ],
        keptPaths: [],
        cleanupPaths: [],
        imgPaths: [pathA1, pathA2],
      },
      { ...b, keptPaths: [storedB1, storedB2], cleanupPaths: [], imgPaths: [storedB1, storedB2] },
      {
        ...c,
        photos: [{ ...C1, path: pathC1, uploaded: false }],
        keptPaths: [],
        cleanupPaths: [storedC0],
        imgPaths: [pathC1],
      },
      {
        ...d,
        photos: [{ ...D1, path: pathD1, uploaded: true }],
        keptPaths: [],
        cleanupPaths: [],
        imgPaths: [pathD1],
      },
      { ...e, keptPaths: [], cleanupPaths: [storedE1, storedE2], imgPaths: [] },
      { ...s, keptPaths: [], cleanupPaths: [stray], imgPaths: [] },
    ])

    // Every photo's bytes, unchanged, still tied to its submission.
    expect(photos).toHaveLength(v1Photos.length)
    for (const old of v1Photos) {
      const row = photos.find((photo) => photo.id === old.id)
      expect(row?.submissionId).toBe(old.submissionId)
      expect(row?.type).toBe(old.type)
      expect(row && sameBytes(row.data, old.data)).toBe(true)
    }
  })

  it('sends what version 1 queued as jobs: no photo uploaded twice, kept photos kept, deletions done', async () => {
    await writeOldDatabase(name, 1, v1Submissions, v1Photos)
    const kids = new FakeKidsPort()
    kids.signedIn = PARENT
    const storage = new FakePhotoStorage()
    // What version 1 had already put into storage.
    for (const path of [pathA1, pathD1, storedB1, storedB2, storedC0, storedE1, storedE2, stray])
      storage.objects.set(path, { data: bytes(9), type: 'image/jpeg' })
    // The handed-off save is left to Firestore's queue, which the fake does not have: set it aside.
    const old = new OutboxDb(name)
    await old.open()
    await old.submissions.delete('subD')
    old.close()
    const engine = new OutboxEngine({
      db: new JobDb(`${name}-jobs`, { indexedDB, IDBKeyRange }),
      lock: sharedLocks(),
    })
    await adoptOldOutbox(name, engine)
    expect(await Dexie.exists(name)).toBe(false)
    const outbox = new PageOutbox(engine, { kids, photos: storage })
    opened.push(outbox)
    outbox.bindUser(PARENT)
    await outbox.settled()

    // Nothing is uploaded: the new child's age was words (version 1's form), which today's rules refuse.
    expect(storage.uploads).toEqual([])
    expect(kids.records.get('kidB')?.imgUrls).toEqual([storedB1, storedB2])
    expect(kids.records.get('kidB')?.plan).toBe('Weekly')
    expect(kids.deletes).toEqual(['kidE'])
    expect([...storage.deleted].sort()).toEqual([storedE1, storedE2, stray].sort())
    // The refused edit and the child to mend wait for their parent, their photos' bytes on the device.
    const left = await outbox.list(PARENT)
    expect(left.map((entry) => [entry.id, entry.state, entry.error])).toEqual([
      ['subA', 'failed', MEND_AGE],
      ['subC', 'failed', 'storage/unauthorized'],
    ])
    expect(await outbox.photoBytes(A2.id)).not.toBeNull()
    expect(await outbox.photoBytes(C1.id)).not.toBeNull()

    // Retried, the edit replaces the photo and deletes the old one once saved.
    await outbox.retry('subC')
    await outbox.settled()
    expect(kids.records.get('kidC')?.imgUrls).toEqual([pathC1])
    expect(storage.deleted).toContain(storedC0)
    // Mended (the age in years and months), the new child goes: only its photo not yet up is uploaded.
    const kidBirthMonth = birthMonthFor(4, 0, new Date())
    const mended = await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara', { kidAge: '', kidBirthMonth }),
      photos: null,
      stored: null,
    })
    expect(mended).toBe('subA')
    await outbox.settled()
    expect(storage.uploads).toEqual([pathC1, pathA2])
    expect(kids.records.get('kidA')).toMatchObject({ imgUrls: [pathA1, pathA2], kidBirthMonth, kidAge: '' })
    expect(await outbox.list(PARENT)).toEqual([])
  })
})

describe('opening a version 2 outbox', () => {
  /** Rows as version 2 wrote them: paths, but no record order of their own. */
  const [a, b, c, , e] = v1Submissions.map(withoutAddresses)
  const v2Submissions = [
    {
      ...a,
      photos: [
        { ...A1, path: pathA1, uploaded: true },
        { ...A2, path: pathA2, uploaded: false },
      ],
      keptPaths: [],
      cleanupPaths: [],
    },
    { ...b, keptPaths: [storedB1, storedB2], cleanupPaths: [] },
    { ...c, photos: [{ ...C1, path: pathC1, uploaded: false }], keptPaths: [], cleanupPaths: [storedC0] },
    { ...e, keptPaths: [], cleanupPaths: [storedE1, storedE2] },
  ]

  it('gives each entry the record’s photo order: the new photos if any, else the kept ones', async () => {
    await writeOldDatabase(name, 2, v2Submissions, v1Photos.slice(0, 3))
    const db = new OutboxDb(name)
    opened.push(db)
    await db.open()
    const { submissions, photos } = await rowsOf(db)
    expect(submissions).toStrictEqual([
      { ...v2Submissions[0], imgPaths: [pathA1, pathA2] },
      { ...v2Submissions[1], imgPaths: [storedB1, storedB2] },
      { ...v2Submissions[2], imgPaths: [pathC1] },
      { ...v2Submissions[3], imgPaths: [] },
    ])
    expect(photos.map((photo) => photo.id).sort()).toEqual([A1.id, A2.id, C1.id].sort())
    for (const old of v1Photos.slice(0, 3)) {
      const row = photos.find((photo) => photo.id === old.id)
      expect(row && sameBytes(row.data, old.data)).toBe(true)
    }
  })

  it('leaves a database of its last version (5) as it is', async () => {
    const db = new OutboxDb(name)
    opened.push(db)
    await db.open()
    await db.submissions.add({
      id: 'subN',
      seq: 1,
      kind: 'add',
      kidId: 'kidN',
      userId: PARENT,
      fields: fields('Nneka'),
      photos: [],
      keptPaths: [],
      imgPaths: [storedB1],
      cleanupPaths: [],
      state: 'queued',
      ...progress,
      rev: 1,
      createdAt: T,
    })
    const before = await rowsOf(db)
    db.close()
    const again = new OutboxDb(name)
    opened.push(again)
    await again.open()
    expect(await rowsOf(again)).toStrictEqual(before)
  })
})
