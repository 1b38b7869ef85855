// The outbox and its sender on fake-indexeddb, against in-memory fakes of the backend ports. Each test
// proves both halves of the promise: every submission is applied exactly once (one record per child,
// one stored object per photo path, no stray photos) and nothing is lost (a fresh Outbox on the same
// database, like a reloaded page, still holds whatever was not sent yet).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FakeKidsPort,
  FakePhotoStorage,
  permanentError,
  pngBytes,
  transientError,
} from '../../shared/backend/testing/fake-kids-ports'
import { newRandomId } from '../../shared/records/ids'
import { defaultKidFields, type KidFields } from '../../shared/records/kid-record'
import { OutboxSender, type SenderEvent } from './outbox-sender'
import { Outbox, type PreparedPhoto } from './outbox-store'

const PARENT = 'parent1'

function fields(kidName: string, overrides: Partial<KidFields> = {}): KidFields {
  return {
    ...defaultKidFields(),
    kidName,
    kidAge: '4',
    parentName: 'Ada Parent',
    parentAge: '34',
    parentPhone: '+234 800 000 0000',
    address: '1 Sunny Road\nUyo',
    ...overrides,
  }
}

function photos(...names: string[]): PreparedPhoto[] {
  return names.map((name, i) => ({ name, type: 'image/png', data: pngBytes(100 + i) }))
}

/** A lock shared by every sender of a test, like Web Locks across the tabs of one browser. */
function sharedLock() {
  let tail: Promise<void> = Promise.resolve()
  return (pass: () => Promise<void>) => {
    const run = tail.then(pass)
    tail = run.catch(() => undefined)
    return run
  }
}

let dbName: string
let kids: FakeKidsPort
let storage: FakePhotoStorage
let lock: ReturnType<typeof sharedLock>
const opened: Outbox[] = []
const senders: OutboxSender[] = []

function openOutbox(): Outbox {
  const outbox = new Outbox(dbName)
  opened.push(outbox)
  return outbox
}

function newSender(outbox: Outbox, events?: SenderEvent[]): OutboxSender {
  const sender = new OutboxSender({ outbox, kids, photos: storage, userId: () => PARENT, lock })
  if (events) sender.onEvent((event) => events.push(event))
  senders.push(sender)
  return sender
}

/** Waits until the sender is idle and has handled the server's answers (they come after a pass). */
async function settle(sender: OutboxSender) {
  await sender.settled()
}

function uploadsPerPath(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const path of storage.uploads) counts.set(path, (counts.get(path) ?? 0) + 1)
  return counts
}

beforeEach(() => {
  dbName = `outbox-test-${newRandomId(8)}`
  kids = new FakeKidsPort()
  storage = new FakePhotoStorage()
  lock = sharedLock()
  localStorage.clear()
})

afterEach(() => {
  for (const sender of senders.splice(0)) sender.stop()
  for (const outbox of opened.splice(0)) outbox.close()
  vi.useRealTimers()
})

describe('the outbox sender', () => {
  it('sends submissions in the order they were made, each exactly once, and empties the outbox', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    await outbox.add({ userId: PARENT, kidId: 'kidB', fields: fields('Bola'), photos: photos('b1.png') })
    await outbox.add({ userId: PARENT, kidId: 'kidC', fields: fields('Chidi'), photos: photos('c1.png') })

    const sender = newSender(outbox)
    await sender.kick()
    await settle(sender)

    expect(kids.saves.map((save) => save.id)).toEqual(['kidA', 'kidB', 'kidC'])
    // Photos go up in order too, each to its own fixed path, once.
    expect(storage.uploads).toHaveLength(4)
    expect(storage.uploads[0]).toMatch(/^images\/parent1-a1\.png-[A-Za-z0-9]{20}$/)
    expect(storage.uploads[1]).toMatch(/^images\/parent1-a2\.png-/)
    expect(storage.uploads[2]).toMatch(/^images\/parent1-b1\.png-/)
    expect([...uploadsPerPath().values()].every((count) => count === 1)).toBe(true)
    const amara = kids.records.get('kidA')
    expect(amara?.kidName).toBe('Amara')
    expect(amara?.userRef).toBe(PARENT)
    expect(amara?.imgUrls).toEqual([
      FakePhotoStorage.urlOf(storage.uploads[0] ?? ''),
      FakePhotoStorage.urlOf(storage.uploads[1] ?? ''),
    ])
    expect(kids.records.size).toBe(3)
    expect(await openOutbox().list(PARENT)).toEqual([])

    // Another trigger (online, visible, start-up) finds nothing more to send.
    await sender.wakeUp()
    expect(kids.saves).toHaveLength(3)
    expect(storage.uploads).toHaveLength(4)
  })

  it('retries transient failures with growing backoff, keeping the order, and applies each once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    await outbox.add({ userId: PARENT, kidId: 'kidB', fields: fields('Bola'), photos: photos('b1.png') })
    storage.uploadFailures.push(transientError(), transientError(), transientError())
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)

    await sender.kick()
    // Attempt 1 failed: nothing sent, kidB waits behind kidA, the entry remembers when to try again.
    expect(kids.saves).toEqual([])
    const [first] = await outbox.list(PARENT)
    expect(first?.attempts).toBe(1)
    expect(first?.error).toBe('network down')
    expect(first?.nextAttemptAt).toBe(Date.now() + 2_000)

    await vi.advanceTimersByTimeAsync(1_999)
    await sender.idle()
    expect((await outbox.list(PARENT))[0]?.attempts).toBe(1) // not before its time

    await vi.advanceTimersByTimeAsync(1)
    await sender.idle()
    expect((await outbox.list(PARENT))[0]?.attempts).toBe(2) // attempt 2 failed: next wait is 4 s
    await vi.advanceTimersByTimeAsync(3_999)
    await sender.idle()
    expect((await outbox.list(PARENT))[0]?.attempts).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    await sender.idle()
    expect((await outbox.list(PARENT))[0]?.attempts).toBe(3) // attempt 3 failed: next wait is 8 s

    // Nothing is lost meanwhile: a reloaded page sees both submissions, in order.
    expect((await openOutbox().list(PARENT)).map((entry) => entry.kidId)).toEqual(['kidA', 'kidB'])

    await vi.advanceTimersByTimeAsync(8_000)
    await settle(sender)
    expect(kids.saves.map((save) => save.id)).toEqual(['kidA', 'kidB'])
    expect(storage.objects.size).toBe(2)
    expect([...uploadsPerPath().values()]).toEqual([1, 1])
    expect(await outbox.list(PARENT)).toEqual([])
    expect(events.filter((event) => event.type === 'retrying')).toHaveLength(3)
  })

  it('coming online starts a waiting retry at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    storage.uploadFailures.push(transientError())
    const sender = newSender(outbox)
    await sender.kick()
    expect(kids.saves).toEqual([])
    await sender.wakeUp()
    await settle(sender)
    expect(kids.saves.map((save) => save.id)).toEqual(['kidA'])
  })

  it('resumes after a crash between the uploads and the record write without uploading again', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    // The page dies just before the record is written: the database goes away with it.
    kids.beforeSave = () => {
      outbox.close()
      throw new Error('page crashed')
    }
    const crashed = newSender(outbox)
    await expect(crashed.kick()).rejects.toThrow()
    expect(kids.records.size).toBe(0)
    expect(storage.uploads).toHaveLength(2)

    // A new page: the step markers say both photos are up, so only the record is written.
    kids.beforeSave = null
    const reloaded = openOutbox()
    const [entry] = await reloaded.list(PARENT)
    expect(entry?.photos.every((photo) => photo.url !== null)).toBe(true)
    const sender = newSender(reloaded)
    await sender.kick()
    await settle(sender)

    expect(storage.uploads).toHaveLength(2)
    expect(kids.saves).toHaveLength(1)
    expect(kids.records.get('kidA')?.imgUrls).toHaveLength(2)
    expect(await reloaded.list(PARENT)).toEqual([])
  })

  it('a crash right after an upload, before its marker, re-uploads to the same path: no copy', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    storage.afterUpload = () => {
      outbox.close()
      throw new Error('page crashed')
    }
    await expect(newSender(outbox).kick()).rejects.toThrow()
    storage.afterUpload = null

    const reloaded = openOutbox()
    const sender = newSender(reloaded)
    await sender.kick()
    await settle(sender)

    expect(storage.uploads).toHaveLength(2)
    expect(new Set(storage.uploads).size).toBe(1) // the same path twice: overwritten, not duplicated
    expect(storage.objects.size).toBe(1)
    expect(kids.saves).toHaveLength(1)
    expect(kids.records.get('kidA')?.imgUrls).toEqual([FakePhotoStorage.urlOf(storage.uploads[0] ?? '')])
  })

  it('after a crash between the hand-off and its marker the record is written again with the same content', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const realSave = kids.saveKid.bind(kids)
    kids.saveKid = async (id, record) => {
      const queued = await realSave(id, record)
      outbox.close() // dies before it can note the hand-off
      return queued
    }
    await expect(newSender(outbox).kick()).rejects.toThrow()
    kids.saveKid = realSave

    const sender = newSender(openOutbox())
    await sender.kick()
    await settle(sender)
    expect(kids.saves).toHaveLength(2)
    expect(kids.saves[0]?.record).toEqual(kids.saves[1]?.record)
    expect(kids.records.size).toBe(1)
    expect(storage.uploads).toHaveLength(1)
  })

  it('stops a permanent failure in a failed state the parent can retry, without blocking others', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    await outbox.add({ userId: PARENT, kidId: 'kidB', fields: fields('Bola'), photos: photos('b1.png') })
    storage.afterUpload = null
    // The first photo goes up, the second is refused by the rules.
    let calls = 0
    const realUpload = storage.upload.bind(storage)
    storage.upload = async (path, photo, onProgress) => {
      calls += 1
      if (calls === 2) throw permanentError('storage/unauthorized')
      return realUpload(path, photo, onProgress)
    }
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)
    await sender.kick()
    await settle(sender)

    const [failed] = await openOutbox().list(PARENT)
    expect(failed?.state).toBe('failed')
    expect(failed?.error).toBe('storage/unauthorized')
    expect(events).toContainEqual({ type: 'failed', submissionId: failed?.id, error: 'storage/unauthorized' })
    expect(kids.records.has('kidA')).toBe(false) // no half-saved record
    expect(kids.records.has('kidB')).toBe(true) // the next child was not held up

    // It stays failed on further triggers (no retry storm)...
    await sender.wakeUp()
    expect(calls).toBe(3)

    // ...until the parent retries: only the missing photo goes up, then the record, once.
    storage.upload = realUpload
    await outbox.retry(failed?.id ?? '')
    await sender.kick()
    await settle(sender)
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
    expect(kids.records.get('kidA')?.imgUrls).toHaveLength(2)
    expect(storage.objects.size).toBe(3)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('a record refused by the rules fails the submission; discarding it deletes its uploaded photos', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'refuse'
    const sender = newSender(outbox)
    await sender.kick()
    await settle(sender)

    const [failed] = await outbox.list(PARENT)
    expect(failed?.state).toBe('failed')
    expect(kids.records.has('kidA')).toBe(false) // rolled back like Firestore does
    expect(storage.objects.size).toBe(1)

    await outbox.discard(failed?.id ?? '')
    await sender.kick()
    await settle(sender)
    expect(storage.objects.size).toBe(0)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('a file that is not an uploadable image fails permanently without any upload', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: [{ name: 'huge.png', type: 'image/png', data: new ArrayBuffer(6 * 1024 * 1024) }],
    })
    const sender = newSender(outbox)
    await sender.kick()
    const [entry] = await outbox.list(PARENT)
    expect(entry?.state).toBe('failed')
    expect(storage.uploads).toEqual([])
    expect(kids.saves).toEqual([])
  })

  it('sends a submission once when triggers and a second tab fire at the same time', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    const tab1 = newSender(outbox)
    const tab2 = newSender(openOutbox())
    await Promise.all([tab1.kick(), tab1.kick(), tab2.kick(), tab1.wakeUp(), tab2.kick()])
    await settle(tab1)
    await settle(tab2)
    expect(storage.uploads).toHaveLength(2)
    expect(kids.saves).toHaveLength(1)
    expect(kids.records.size).toBe(1)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('keeps a handed-off save until the server answers; a later page hands it over again once', async () => {
    kids.ackMode = 'never' // offline: Firestore keeps the write queued, the server never answers
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)
    await sender.kick()
    expect(events.some((event) => event.type === 'handedOff')).toBe(true)
    const [entry] = await outbox.list(PARENT)
    expect(entry?.state).toBe('handedOff')
    await sender.wakeUp()
    expect(kids.saves).toHaveLength(1) // the same page does not write it again

    // A reload while offline: the new page re-hands the same record (an equal overwrite), once.
    await new Promise((resolve) => setTimeout(resolve, 2))
    kids.ackMode = 'accept'
    const reloaded = newSender(openOutbox())
    await reloaded.kick()
    await settle(reloaded)
    expect(kids.saves).toHaveLength(2)
    expect(kids.saves[1]?.record).toEqual(kids.saves[0]?.record)
    expect(storage.uploads).toHaveLength(1)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('an edit of a queued child updates its queued submission: one write with the latest content', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    // The first photo goes up, then the connection drops.
    storage.uploadFailures.push()
    let calls = 0
    const realUpload = storage.upload.bind(storage)
    storage.upload = async (path, photo, onProgress) => {
      calls += 1
      if (calls >= 2) throw transientError()
      return realUpload(path, photo, onProgress)
    }
    const sender = newSender(outbox)
    await sender.kick()
    const firstPath = storage.uploads[0] ?? ''

    // The parent edits the waiting child: new name and a new set of photos.
    const id = await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara Grace', { plan: 'Weekly' }),
      photos: photos('new1.png'),
      stored: null,
    })
    const entries = await outbox.list(PARENT)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.id).toBe(id)
    expect(entries[0]?.fields?.kidName).toBe('Amara Grace')

    storage.upload = realUpload
    await sender.kick()
    await settle(sender)
    expect(kids.saves).toHaveLength(1)
    const saved = kids.records.get('kidA')
    expect(saved?.kidName).toBe('Amara Grace')
    expect(saved?.plan).toBe('Weekly')
    expect(saved?.imgUrls).toHaveLength(1)
    expect(saved?.imgUrls[0]).toContain('new1.png')
    // The replaced photo that had already gone up is deleted once the edit is saved: no stray copy.
    expect(storage.deleted).toEqual([firstPath])
    expect([...storage.objects.keys()]).toEqual([FakePhotoStorage.pathOf(saved?.imgUrls[0] ?? '')])
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('an edit of a saved child keeps its photos, or replaces them and deletes the old ones', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const sender = newSender(outbox)
    await sender.kick()
    await settle(sender)
    const stored = kids.records.get('kidA') ?? null
    const oldUrl = stored?.imgUrls[0]

    await outbox.edit({ userId: PARENT, kidId: 'kidA', fields: fields('Amara K'), photos: null, stored })
    await sender.kick()
    await settle(sender)
    expect(kids.records.get('kidA')?.imgUrls).toEqual([oldUrl])
    expect(storage.deleted).toEqual([])

    const stored2 = kids.records.get('kidA') ?? null
    await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara K'),
      photos: photos('b.png'),
      stored: stored2,
    })
    await sender.kick()
    await settle(sender)
    expect(kids.records.get('kidA')?.imgUrls[0]).toContain('b.png')
    expect(storage.deleted).toEqual([FakePhotoStorage.pathOf(oldUrl ?? '')])
    expect(storage.objects.size).toBe(1)
    expect(kids.saves).toHaveLength(3)
  })

  it('deleting a queued child discards it; deleting a saved one removes the record and its photos', async () => {
    const outbox = openOutbox()
    storage.uploadFailures.push(transientError())
    await outbox.add({ userId: PARENT, kidId: 'kidQ', fields: fields('Queued'), photos: photos('q.png') })
    const sender = newSender(outbox)
    await sender.kick()
    await outbox.remove({ userId: PARENT, kidId: 'kidQ', stored: null })
    expect(await outbox.list(PARENT)).toEqual([])
    expect(await outbox.db.photos.count()).toBe(0)

    await outbox.add({
      userId: PARENT,
      kidId: 'kidS',
      fields: fields('Saved'),
      photos: photos('s1.png', 's2.png'),
    })
    await sender.wakeUp()
    await settle(sender)
    const stored = kids.records.get('kidS') ?? null
    expect(stored).not.toBeNull()

    await outbox.remove({ userId: PARENT, kidId: 'kidS', stored })
    await sender.kick()
    await settle(sender)
    expect(kids.records.size).toBe(0)
    expect(kids.deletes).toEqual(['kidS'])
    expect(storage.objects.size).toBe(0)
    expect(kids.saves.map((save) => save.id)).toEqual(['kidS'])
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('works only for the signed-in parent', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: 'someone-else',
      kidId: 'kidX',
      fields: fields('Xena'),
      photos: photos('x.png'),
    })
    const sender = newSender(outbox)
    await sender.kick()
    expect(kids.saves).toEqual([])
    expect(await outbox.list('someone-else')).toHaveLength(1)
  })
})
