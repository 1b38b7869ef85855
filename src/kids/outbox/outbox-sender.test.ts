// The outbox and its sender on fake-indexeddb, against in-memory fakes of the backend ports. Each test
// proves both halves of the promise: every submission is applied exactly once (one write per change,
// one stored object per photo path, no stray photos) and nothing is lost (a fresh Outbox on the same
// database, like a reloaded page, still holds whatever was not sent yet). The sender works for one
// signed-in parent and never for another.
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
import { WAIT } from '../../test/timeouts'
import { type LockFn, OutboxSender, type SenderEvent } from './outbox-sender'
import { Outbox, type PreparedPhoto } from './outbox-store'

const PARENT = 'parent1'
const OTHER = 'parent2'

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

/** Locks shared by every sender of a test, like Web Locks across the tabs of one browser. */
function sharedLocks(): LockFn {
  const tails = new Map<string, Promise<void>>()
  return (name, signal, work) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(() => (signal.aborted ? undefined : work()))
    tails.set(
      name,
      run.catch(() => undefined),
    )
    return run
  }
}

let dbName: string
let kids: FakeKidsPort
let storage: FakePhotoStorage
let lock: LockFn
const opened: Outbox[] = []
const senders: OutboxSender[] = []

function openOutbox(): Outbox {
  const outbox = new Outbox(dbName)
  opened.push(outbox)
  return outbox
}

/** A sender (a page, a tab) working for `userId`, like the runtime binds it to the signed-in parent. */
function newSender(outbox: Outbox, events?: SenderEvent[], userId: string | null = PARENT): OutboxSender {
  const sender = new OutboxSender({ outbox, kids, photos: storage, lock })
  if (events) sender.onEvent((event) => events.push(event))
  senders.push(sender)
  sender.bindUser(userId)
  return sender
}

function uploadsPerPath(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const path of storage.uploads) counts.set(path, (counts.get(path) ?? 0) + 1)
  return counts
}

beforeEach(() => {
  dbName = `outbox-test-${newRandomId(8)}`
  kids = new FakeKidsPort()
  kids.signedIn = PARENT
  storage = new FakePhotoStorage()
  lock = sharedLocks()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  for (const sender of senders.splice(0)) sender.stop()
  for (const outbox of opened.splice(0)) outbox.close()
  vi.useRealTimers()
})

describe('the outbox sender', () => {
  it('sends each child exactly once, photos first, and empties the outbox', async () => {
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
    await sender.settled()

    expect(kids.saves.map((save) => save.id).sort()).toEqual(['kidA', 'kidB', 'kidC'])
    // Each photo to its own fixed path, once; a child's photos in order.
    expect(storage.uploads).toHaveLength(4)
    expect([...uploadsPerPath().values()].every((count) => count === 1)).toBe(true)
    const amara = kids.records.get('kidA')
    expect(amara?.kidName).toBe('Amara')
    expect(amara?.userRef).toBe(PARENT)
    expect(amara?.imgUrls).toHaveLength(2)
    expect(amara?.imgUrls[0]).toMatch(/^images\/parent1\/a1\.png-[A-Za-z0-9]{20}$/)
    expect(amara?.imgUrls[1]).toMatch(/^images\/parent1\/a2\.png-[A-Za-z0-9]{20}$/)
    // The record holds storage paths, never a public address.
    expect(amara?.imgUrls.every((path) => !/^https?:|token/.test(path))).toBe(true)
    expect(await openOutbox().list(PARENT)).toEqual([])

    // Another trigger (online, visible, start-up) finds nothing more to send.
    await sender.wake()
    await sender.settled()
    expect(kids.saves).toHaveLength(3)
    expect(storage.uploads).toHaveLength(4)
  })

  it('a child whose upload hangs never holds up another child, not even its save without photos', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    let release = () => {}
    storage.hold = new Promise((resolve) => {
      release = resolve
    })
    const sender = newSender(outbox)
    await vi.waitFor(() => expect(sender.currentActivity().size).toBe(1), WAIT) // kidA's photo is on its way

    // A saved child is edited (no new photos) while kidA's upload hangs: it is handed over at once.
    kids.seed({
      ...fields('Bola'),
      id: 'kidB',
      imgUrls: ['images/parent1-b.jpg-1'],
      userRef: PARENT,
      savedAt: 1,
    })
    const stored = kids.records.get('kidB') ?? null
    const events: SenderEvent[] = []
    sender.onEvent((event) => events.push(event))
    const editId = await outbox.edit({
      userId: PARENT,
      kidId: 'kidB',
      fields: fields('Bola K'),
      photos: null,
      stored,
    })
    sender.kick()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'handedOff', submissionId: editId }), WAIT)
    expect(kids.saves.map((save) => save.id)).toEqual(['kidB'])
    expect(storage.uploads).toEqual([])

    release()
    storage.hold = null
    await sender.settled()
    expect(kids.saves.map((save) => save.id)).toEqual(['kidB', 'kidA'])
  })

  it('retries transient failures with growing backoff, and applies each change once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    storage.uploadFailures.push(transientError(), transientError(), transientError())
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)
    await sender.idle()

    // Attempt 1 failed: nothing sent, the entry remembers when to try again.
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
    await vi.advanceTimersByTimeAsync(4_000)
    await sender.idle()
    expect((await outbox.list(PARENT))[0]?.attempts).toBe(3) // attempt 3 failed: next wait is 8 s

    // Nothing is lost meanwhile: a reloaded page still has the child.
    expect((await openOutbox().list(PARENT)).map((entry) => entry.kidId)).toEqual(['kidA'])

    await vi.advanceTimersByTimeAsync(8_000)
    await sender.settled()
    expect(kids.saves.map((save) => save.id)).toEqual(['kidA'])
    expect([...uploadsPerPath().values()]).toEqual([1])
    expect(await outbox.list(PARENT)).toEqual([])
    expect(events.filter((event) => event.type === 'retrying')).toHaveLength(3)
  })

  it("'Retry now' (or coming online) starts a waiting retry at once", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    storage.uploadFailures.push(transientError())
    const sender = newSender(outbox)
    await sender.idle()
    expect(kids.saves).toEqual([])
    await sender.wake()
    await sender.settled()
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
    await newSender(outbox).settled()
    expect(kids.records.size).toBe(0)
    expect(storage.uploads).toHaveLength(2)

    // A new page: the step markers say both photos are up, so only the record is written.
    kids.beforeSave = null
    const reloaded = openOutbox()
    const [entry] = await reloaded.list(PARENT)
    expect(entry?.photos.every((photo) => photo.uploaded)).toBe(true)
    await newSender(reloaded).settled()

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
    await newSender(outbox).settled()
    storage.afterUpload = null

    await newSender(openOutbox()).settled()
    expect(storage.uploads).toHaveLength(2)
    expect(new Set(storage.uploads).size).toBe(1) // the same path twice: overwritten, not duplicated
    expect(storage.objects.size).toBe(1)
    expect(kids.saves).toHaveLength(1)
    expect(kids.records.get('kidA')?.imgUrls).toEqual([storage.uploads[0]])
  })

  it('a crash between the hand-off and its marker does not write the record a second time', async () => {
    kids.ackMode = 'never'
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const realSave = kids.saveKid.bind(kids)
    kids.saveKid = async (id, record, options) => {
      await realSave(id, record, options)
      outbox.close() // dies before it can note the hand-off
    }
    await newSender(outbox).settled()
    kids.saveKid = realSave

    // The next page finds the very record in Firestore's queue: it notes the hand-off, no second write.
    const reloaded = openOutbox()
    await newSender(reloaded).settled()
    expect(kids.saves).toHaveLength(1)
    expect((await reloaded.list(PARENT))[0]?.state).toBe('handedOff')
    kids.answer('accept')
    await vi.waitFor(async () => expect(await reloaded.list(PARENT)).toEqual([]), WAIT)
    expect(storage.uploads).toHaveLength(1)
  })

  it('offline, a handed-off save waits for the server across page loads, and is written once', async () => {
    kids.ackMode = 'never' // Firestore keeps the write queued; the server never answers
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)
    await sender.settled()
    expect(events.some((event) => event.type === 'handedOff')).toBe(true)
    expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff')

    // Three more page loads, and triggers on each: nothing is written again.
    for (let load = 0; load < 3; load += 1) {
      const page = newSender(openOutbox())
      page.kick()
      await page.wake()
      await page.settled()
    }
    expect(kids.saves).toHaveLength(1)

    // The server answers (its acknowledgement reaches every page following the record): done.
    kids.answer('accept')
    await vi.waitFor(async () => expect(await openOutbox().list(PARENT)).toEqual([]), WAIT)
    expect(kids.saves).toHaveLength(1)
    expect(events.some((event) => event.type === 'saved')).toBe(true)
    expect(storage.uploads).toHaveLength(1)
  })

  it("a save lost with the device's Firestore data (signed out, kept) is handed over again once", async () => {
    kids.ackMode = 'never'
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    const sender = newSender(outbox)
    await sender.settled()
    expect(kids.saves).toHaveLength(1)

    // Signing out clears Firestore's queue; the parent chose to keep their unsent children.
    sender.bindUser(null)
    await outbox.keepForLater(PARENT)
    kids.clearDevice()
    kids.signedIn = PARENT
    sender.bindUser(PARENT)
    await sender.settled()
    expect(kids.saves).toHaveLength(2)
    expect(kids.saves[1]?.record).toEqual(kids.saves[0]?.record)
    expect(storage.uploads).toHaveLength(1) // the photo stays uploaded
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
    // The first photo of kidA goes up, the second is refused by the rules.
    const realUpload = storage.upload.bind(storage)
    storage.upload = async (path, photo, options) => {
      if (path.includes('a2.png')) throw permanentError('storage/unauthorized')
      return realUpload(path, photo, options)
    }
    const events: SenderEvent[] = []
    const sender = newSender(outbox, events)
    await sender.settled()

    const failed = (await openOutbox().list(PARENT)).find((entry) => entry.kidId === 'kidA')
    expect(failed?.state).toBe('failed')
    expect(failed?.error).toBe('storage/unauthorized')
    expect(events).toContainEqual({ type: 'failed', submissionId: failed?.id, error: 'storage/unauthorized' })
    expect(kids.records.has('kidA')).toBe(false) // no half-saved record
    expect(kids.records.has('kidB')).toBe(true) // the other child was not held up

    // It stays failed on further triggers (no retry storm)...
    const uploads = storage.uploads.length
    await sender.wake()
    await sender.settled()
    expect(storage.uploads).toHaveLength(uploads)

    // ...until the parent retries: only the missing photo goes up, then the record, once.
    storage.upload = realUpload
    await outbox.retry(failed?.id ?? '')
    sender.kick()
    await sender.settled()
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
    expect(kids.records.get('kidA')?.imgUrls).toHaveLength(2)
    expect(storage.objects.size).toBe(3)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('a record refused by the server fails the submission; discarding it deletes its uploaded photos', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'refuse'
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('failed'), WAIT)
    expect(kids.records.has('kidA')).toBe(false) // rolled back like Firestore does
    expect(storage.objects.size).toBe(1)

    const [failed] = await outbox.list(PARENT)
    await outbox.discard(failed?.id ?? '')
    kids.ackMode = 'accept'
    sender.kick()
    await sender.settled()
    expect(storage.objects.size).toBe(0)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('a refusal that reaches the device before the listen stream has caught up still fails it, once', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never' // the record waits in Firestore's queue; its listener answers from the cache
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    // The write stream brings the rules' refusal while the listener's snapshots are still 'from cache'.
    kids.answer('refuse')
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('failed'), WAIT)
    await sender.settled()
    // Not taken for data cleared from the device: the refused record is not handed over again.
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
  })

  it('a file that is not an uploadable image fails permanently without any upload', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: [{ name: 'huge.png', type: 'image/png', data: new ArrayBuffer(6 * 1024 * 1024) }],
    })
    await newSender(outbox).settled()
    const [entry] = await outbox.list(PARENT)
    expect(entry?.state).toBe('failed')
    expect(storage.uploads).toEqual([])
    expect(kids.saves).toEqual([])
  })

  it('two tabs with five children queued offline: each photo path uploaded once, one write per child', async () => {
    const outbox = openOutbox()
    for (const name of ['A', 'B', 'C', 'D', 'E'])
      await outbox.add({
        userId: PARENT,
        kidId: `kid${name}`,
        fields: fields(name),
        photos: photos(`${name}1.png`, `${name}2.png`),
      })
    const tab1 = newSender(outbox)
    const tab2 = newSender(openOutbox())
    tab1.kick()
    tab2.kick()
    void tab1.wake()
    tab2.kick()
    await Promise.all([tab1.settled(), tab2.settled()])
    await tab1.settled()
    expect(storage.uploads).toHaveLength(10)
    expect([...uploadsPerPath().values()].every((count) => count === 1)).toBe(true)
    expect(kids.saves.map((save) => save.id).sort()).toEqual(['kidA', 'kidB', 'kidC', 'kidD', 'kidE'])
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
    const realUpload = storage.upload.bind(storage)
    storage.upload = async (path, photo, options) => {
      if (storage.uploads.length >= 1) throw transientError()
      return realUpload(path, photo, options)
    }
    const sender = newSender(outbox)
    await sender.settled()
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
    await sender.wake()
    await sender.settled()
    expect(kids.saves).toHaveLength(1)
    const saved = kids.records.get('kidA')
    expect(saved?.kidName).toBe('Amara Grace')
    expect(saved?.plan).toBe('Weekly')
    expect(saved?.imgUrls).toHaveLength(1)
    expect(saved?.imgUrls[0]).toContain('new1.png')
    // The replaced photo that had already gone up is deleted once the edit is saved: no stray copy.
    await vi.waitFor(() => expect(storage.deleted).toEqual([firstPath]), WAIT)
    expect([...storage.objects.keys()]).toEqual([saved?.imgUrls[0]])
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('an edit of a saved child keeps its photos (or some, in a new order), or replaces them and deletes the old', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    const sender = newSender(outbox)
    await sender.settled()
    const stored = kids.records.get('kidA') ?? null
    const [first, second] = stored?.imgUrls ?? []

    await outbox.edit({ userId: PARENT, kidId: 'kidA', fields: fields('Amara K'), photos: null, stored })
    sender.kick()
    await sender.settled()
    expect(kids.records.get('kidA')?.imgUrls).toEqual([first, second])
    expect(storage.deleted).toEqual([])

    // The second photo becomes the cover and the first is removed: it is deleted once saved.
    await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara K'),
      photos: [{ path: second ?? '' }],
      stored: kids.records.get('kidA') ?? null,
    })
    sender.kick()
    await sender.settled()
    await vi.waitFor(() => expect(storage.deleted).toEqual([first]), WAIT)
    expect(kids.records.get('kidA')?.imgUrls).toEqual([second])

    await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara K'),
      photos: photos('b.png'),
      stored: kids.records.get('kidA') ?? null,
    })
    sender.kick()
    await sender.settled()
    expect(kids.records.get('kidA')?.imgUrls[0]).toContain('b.png')
    await vi.waitFor(() => expect(storage.deleted).toEqual([first, second]), WAIT)
    expect(storage.objects.size).toBe(1)
    expect(kids.saves).toHaveLength(4)
  })

  it('deleting a queued child discards it; deleting a saved one removes the record and its photos', async () => {
    const outbox = openOutbox()
    storage.uploadFailures.push(transientError())
    await outbox.add({ userId: PARENT, kidId: 'kidQ', fields: fields('Queued'), photos: photos('q.png') })
    const sender = newSender(outbox)
    await sender.settled()
    await outbox.remove({ userId: PARENT, kidId: 'kidQ', stored: null })
    expect(await outbox.list(PARENT)).toEqual([])
    expect(await outbox.db.photos.count()).toBe(0)

    await outbox.add({
      userId: PARENT,
      kidId: 'kidS',
      fields: fields('Saved'),
      photos: photos('s1.png', 's2.png'),
    })
    await sender.wake()
    await sender.settled()
    const stored = kids.records.get('kidS') ?? null
    expect(stored).not.toBeNull()

    await outbox.remove({ userId: PARENT, kidId: 'kidS', stored })
    sender.kick()
    await sender.settled()
    expect(kids.records.size).toBe(0)
    expect(kids.deletes).toEqual(['kidS'])
    expect(storage.objects.size).toBe(0)
    expect(kids.saves.map((save) => save.id)).toEqual(['kidS'])
    expect(await outbox.list(PARENT)).toEqual([])
  })
})

describe('the sender belongs to one account', () => {
  it("works only on the bound parent's submissions", async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: OTHER, kidId: 'kidX', fields: fields('Xena'), photos: photos('x.png') })
    await newSender(outbox).settled()
    expect(kids.saves).toEqual([])
    expect(storage.uploads).toEqual([])
    expect(await outbox.list(OTHER)).toHaveLength(1)
  })

  it('signing out aborts the upload in flight; the next parent never sends the first one’s child', async () => {
    const outbox = openOutbox()
    await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('Amara'),
      photos: photos('a1.png', 'a2.png'),
    })
    storage.hold = new Promise(() => {}) // the upload hangs until aborted
    const sender = newSender(outbox)
    await vi.waitFor(() => expect(sender.currentActivity().size).toBe(1), WAIT)

    // A signs out: the upload in flight stops at once, nothing is written.
    sender.bindUser(null)
    await sender.idle()
    expect(storage.uploads).toEqual([])
    expect(sender.currentActivity().size).toBe(0)

    // B signs in on the same phone: nothing of A's is uploaded or written, with B's credentials or any.
    storage.hold = null
    kids.signedIn = OTHER
    sender.bindUser(OTHER)
    await sender.settled()
    expect(storage.uploads).toEqual([])
    expect(kids.saves).toEqual([])

    // A signs in again: A's child goes out, as A.
    kids.signedIn = PARENT
    sender.bindUser(PARENT)
    await sender.settled()
    expect(storage.uploadedAs).toEqual([PARENT, PARENT])
    expect(kids.saves.map((save) => [save.id, save.asUser])).toEqual([['kidA', PARENT]])
    expect(kids.records.get('kidA')?.userRef).toBe(PARENT)
  })

  it('an account change between two steps stops the lane before the next one', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    // The photo finishes uploading just as the account changes (another tab signed B in).
    const realSender = newSender(outbox)
    storage.afterUpload = () => {
      kids.signedIn = OTHER
      realSender.bindUser(OTHER)
    }
    await realSender.settled()
    expect(storage.uploads).toHaveLength(1)
    expect(kids.saves).toEqual([]) // the record was not handed over for A with B signed in
    const [entry] = await outbox.list(PARENT)
    expect(entry?.state).toBe('queued')
  })

  it('the backend refuses a write for another account (the last line of defence)', async () => {
    kids.seed({
      ...fields('Bola'),
      id: 'kidB',
      imgUrls: ['images/parent1-b.jpg-1'],
      userRef: PARENT,
      savedAt: 1,
    })
    const outbox = openOutbox()
    await outbox.edit({
      userId: PARENT,
      kidId: 'kidB',
      fields: fields('Bola K'),
      photos: null,
      stored: kids.records.get('kidB') ?? null,
    })
    // Another account is signed in as far as the backend knows: the write is refused, and that is not
    // a failure of the child (it waits for its parent).
    kids.signedIn = OTHER
    await newSender(outbox).settled()
    expect(kids.saves).toEqual([])
    expect((await outbox.list(PARENT))[0]?.state).toBe('queued')
  })
})

describe('the outbox without IndexedDB', () => {
  it('keeps its queue in memory for the tab, and sends it while online', async () => {
    const real = globalThis.indexedDB
    // Some private modes have no IndexedDB at all.
    Reflect.deleteProperty(globalThis, 'indexedDB')
    try {
      const outbox = await Outbox.open(`memory-${newRandomId(8)}`)
      opened.push(outbox)
      expect(outbox.persistent).toBe(false)
      await outbox.add({ userId: PARENT, kidId: 'kidM', fields: fields('Mo'), photos: photos('m.png') })
      await newSender(outbox).settled()
      expect(kids.saves.map((save) => save.id)).toEqual(['kidM'])
      expect(await outbox.list(PARENT)).toEqual([])
    } finally {
      globalThis.indexedDB = real
    }
  })
})
