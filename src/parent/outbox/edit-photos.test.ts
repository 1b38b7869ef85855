// An edit keeps the saved photos and adds new ones, in the parent's order (the cover first); removed
// photos are deleted from storage once the record is saved, once; an edit queued by the previous
// version of the outbox survives the upgrade, into a job.
import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageOutbox } from '#parent/outbox/testing/outbox-fixtures'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import { birthMonthFor } from '#shared/records/kid-age'
import { defaultKidFields, type KidFields } from '#shared/records/kid-record'
import { FakeKidsPort, FakePhotoStorage, pngBytes, transientError } from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import { editPhotos } from './edit-photos'
import type { OutboxPhoto, PreparedPhoto } from './outbox-db'
import { adoptOldOutbox } from './outbox-runtime'

const PARENT = 'parent1'
const fields: KidFields = {
  ...defaultKidFields(),
  kidName: 'Amara',
  kidBirthMonth: birthMonthFor(4, 0, new Date()),
  parentName: 'Ada Parent',
  parentAge: '34',
  parentPhone: '+234 800 000 0000',
  address: '1 Sunny Road',
}

function photo(name: string, seed = 1): PreparedPhoto {
  return { name, type: 'image/png', data: pngBytes(100 + seed) }
}

function queued(path: string, uploaded: boolean): OutboxPhoto {
  return { id: `id-${path}`, name: path, type: 'image/png', size: 1, path, uploaded }
}

describe('editPhotos', () => {
  it('keeps saved and queued photos in the chosen order with the new ones; the rest is left behind', () => {
    const before = {
      photos: [queued('images/u-q1', true), queued('images/u-q2', false)],
      keptPaths: ['images/u-s1', 'images/u-s2'],
    }
    const added = [queued('images/u-n1', false)]
    const edited = editPhotos(
      before,
      [photo('n1.png'), { path: 'images/u-s2' }, { path: 'images/u-q2' }, { path: 'images/elsewhere' }],
      added,
    )
    expect(edited.imgPaths).toEqual(['images/u-n1', 'images/u-s2', 'images/u-q2'])
    expect(edited.keptPaths).toEqual(['images/u-s2'])
    expect(edited.photos.map((p) => p.path)).toEqual(['images/u-n1', 'images/u-q2'])
    // The uploaded queued photo and the saved one left out are deleted once saved; the bytes go now.
    expect(edited.cleanupPaths).toEqual(['images/u-q1', 'images/u-s1'])
    expect(edited.droppedPhotoIds).toEqual(['id-images/u-q1'])
  })
})

describe('an edit through the outbox and its sender', () => {
  let dbName: string
  let kids: FakeKidsPort
  let storage: FakePhotoStorage
  const opened: PageOutbox[] = []

  beforeEach(() => {
    dbName = `edit-photos-${newRandomId(8)}`
    kids = new FakeKidsPort()
    kids.signedIn = PARENT
    storage = new FakePhotoStorage()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  afterEach(() => {
    for (const outbox of opened.splice(0)) outbox.close()
  })

  function openOutbox() {
    const engine = new OutboxEngine({
      db: new JobDb(`${dbName}-jobs`, { indexedDB, IDBKeyRange }),
      lock: (_name, _signal, work) => work(),
    })
    const outbox = new PageOutbox(engine, { kids, photos: storage })
    opened.push(outbox)
    return outbox
  }

  async function send(outbox: PageOutbox) {
    outbox.bindUser(PARENT)
    await outbox.settled()
    return outbox
  }

  async function savedWithTwoPhotos() {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields,
      photos: [photo('a1.png', 1), photo('a2.png', 2)],
    })
    await send(outbox)
    const stored = kids.records.get('kidA') ?? null
    const [first = '', second = ''] = stored?.imgUrls ?? []
    return { outbox, stored, first, second }
  }

  it('adds a new photo to the two saved ones, the new one as the cover, and deletes nothing', async () => {
    const { outbox, stored, first, second } = await savedWithTwoPhotos()
    await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields,
      photos: [photo('b.png', 3), { path: first }, { path: second }],
      stored,
    })
    await send(outbox)
    const imgUrls = kids.records.get('kidA')?.imgUrls ?? []
    expect(imgUrls).toHaveLength(3)
    expect(imgUrls[0]).toMatch(/^images\/parent1\/b\.png-/)
    expect(imgUrls.slice(1)).toEqual([first, second])
    expect(storage.deleted).toEqual([])
    expect(storage.objects.size).toBe(3)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('deletes a removed photo from storage after the record is saved, exactly once, across a reload', async () => {
    const { outbox, stored, first, second } = await savedWithTwoPhotos()
    // The first delete fails (the connection drops, the page is closed): the save is done already.
    storage.deleteFailures.push(transientError())
    await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields,
      photos: [{ path: second }, photo('c.png', 4)],
      stored,
    })
    const sender = await send(outbox)
    sender.stop()
    const saved = kids.records.get('kidA')?.imgUrls ?? []
    expect(saved[0]).toBe(second)
    expect(saved[1]).toMatch(/^images\/parent1\/c\.png-/)
    expect(storage.objects.has(first)).toBe(true)

    // A reload: a fresh outbox on the same database finishes the deletion, once.
    const reloaded = openOutbox()
    await send(reloaded)
    // The retry waits out its backoff; once the delete is seen, the job that made it finishes.
    await vi.waitFor(() => expect(storage.deleted).toEqual([first]), WAIT)
    await reloaded.settled()
    expect(storage.objects.has(first)).toBe(false)
    expect(await reloaded.list(PARENT)).toEqual([])
    expect(kids.saves).toHaveLength(2)
  })

  it('sends an edit queued by the previous version (kept photos, no order) after the upgrade', async () => {
    // Version 2 of the outbox, as the app before this change wrote it.
    const old = new Dexie(dbName)
    old.version(1).stores({ submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' })
    old.version(2).stores({ submissions: 'id, seq, kidId, userId', photos: 'id, submissionId' })
    await old.open()
    kids.seed({
      ...fields,
      id: 'kidA',
      imgUrls: ['images/parent1-a-1', 'images/parent1-b-2'],
      userRef: PARENT,
      savedAt: 1,
    })
    await old.table('submissions').add({
      id: 'old-edit',
      seq: 1,
      kind: 'edit',
      kidId: 'kidA',
      userId: PARENT,
      fields: { ...fields, kidName: 'Amara Grace' },
      photos: [],
      keptPaths: ['images/parent1-b-2'],
      cleanupPaths: ['images/parent1-a-1'],
      state: 'queued',
      handoffStarted: false,
      handedOffAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      rev: 1,
      createdAt: 1,
    })
    old.close()

    const outbox = openOutbox()
    await adoptOldOutbox(dbName, outbox.engine)
    expect((await outbox.get('old-edit'))?.imgPaths).toEqual(['images/parent1-b-2'])
    await send(outbox)
    expect(kids.records.get('kidA')?.kidName).toBe('Amara Grace')
    expect(kids.records.get('kidA')?.imgUrls).toEqual(['images/parent1-b-2'])
    await vi.waitFor(() => expect(storage.deleted).toEqual(['images/parent1-a-1']), WAIT)
  })
})
