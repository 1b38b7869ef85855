// The sender with failures the parent must see, a second tab, and the parent's edits and deletes
// (fake-indexeddb, in-memory fakes of the backend ports; see outbox-sender.test.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fields, PARENT, photos, senderWorld } from '#parent/outbox/testing/outbox-fixtures'
import {
  type FakeKidsPort,
  type FakePhotoStorage,
  permanentError,
  transientError,
} from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import type { SenderEvent } from './sender-events'

const world = senderWorld()
const { openOutbox, newSender, uploadsPerPath } = world
let kids: FakeKidsPort
let storage: FakePhotoStorage

beforeEach(() => {
  ;({ kids, storage } = world)
})

describe('the outbox sender, with failures, tabs, edits and deletes', () => {
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

  it("while the page that wrote lives, the write's own answer decides, whatever the listener says", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never' // the write is on its way; the server has not taken it yet
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    // Nothing follows the record by its id meanwhile: beside the parent's list query, that second
    // listen target made Firestore drop the new child from the list (decision 0002).
    expect(kids.watching('kidA')).toBe(0)
    // The listen stream says 'no record' from the server, and the server itself would say so too: seen
    // in CI under load, where a save the server took a moment later was called refused.
    kids.emitToWatchers('kidA', { kid: null, pendingWrite: false, fromCache: false })
    await vi.advanceTimersByTimeAsync(10_000)
    expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff')
    expect(kids.serverReads).toEqual([]) // nobody guessed from a read
    // The server takes the write: that answer, and no other, ends it.
    kids.answer('accept')
    await vi.waitFor(async () => expect(await outbox.list(PARENT)).toEqual([]), WAIT)
    await sender.settled()
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
    expect(kids.server.get('kidA')?.kidName).toBe('Amara')
  })

  it("a refusal is the write's own answer, even while the listener still shows the record", async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never'
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    kids.answer('refuse')
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('failed'), WAIT)
    await sender.settled()
    expect((await outbox.list(PARENT))[0]?.error).toBe('The server refused to save this child')
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
  })

  it('a write that failed for another reason than the rules: then the record tells, once followed', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never'
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    expect(kids.watching('kidA')).toBe(0)
    // Firestore gave up on the write (not the rules): the server holds it all the same.
    const saved = kids.records.get('kidA')
    if (saved) kids.server.set('kidA', saved)
    kids.pendingWrites[0]?.settle.reject(transientError())
    await vi.waitFor(() => expect(kids.watching('kidA')).toBe(1), WAIT)
    kids.emitToWatchers('kidA', { kid: null, pendingWrite: false, fromCache: false })
    await vi.waitFor(async () => expect(await outbox.list(PARENT)).toEqual([]), WAIT)
    await sender.settled()
    // Asked of the server, found saved; the listener went with the answer.
    expect(kids.serverReads).toEqual(['kidA'])
    expect(kids.watching('kidA')).toBe(0)
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
  })

  it('an answer to a write from before the parent signed in again does not end the following since', async () => {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never'
    const sender = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    // The same parent again (the account changed and came back): the save is followed on its record.
    sender.bindUser(null)
    sender.bindUser(PARENT)
    await vi.waitFor(() => expect(kids.watching('kidA')).toBe(1), WAIT)
    // The first binding's write is answered late, its listener not told yet: that follow has ended, and
    // its answer ends nothing else (decision 0072: no event after a final state does anything).
    kids.acknowledgeQuietly()
    await sender.settled()
    expect(kids.watching('kidA')).toBe(1)
    expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff')
    const saved = kids.records.get('kidA')
    kids.emitToWatchers('kidA', { kid: saved ?? null, pendingWrite: false, fromCache: false })
    await vi.waitFor(async () => expect(await outbox.list(PARENT)).toEqual([]), WAIT)
    await sender.settled()
    expect(kids.watching('kidA')).toBe(0)
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
  })

  /** A save handed off by a page that then reloaded: the new page has no write's promise to wait on. */
  async function handedOffThenReloaded() {
    const outbox = openOutbox()
    await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: photos('a1.png') })
    kids.ackMode = 'never'
    const first = newSender(outbox)
    await vi.waitFor(async () => expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff'), WAIT)
    first.stop()
    const reloaded = openOutbox()
    const sender = newSender(reloaded)
    // The new page follows the save: its listener has seen the write waiting in Firestore's queue.
    await sender.settled()
    expect((await reloaded.list(PARENT))[0]?.state).toBe('handedOff')
    return { outbox: reloaded, sender }
  }

  it("after a reload, a save the server took is never called refused while its listener says 'no record'", async () => {
    const { outbox, sender } = await handedOffThenReloaded()
    // The server saves the record; the listen stream, behind, says once more that there is none, from
    // the server, for as long as it likes (a reopened app on a slow phone): no wait decides it.
    kids.acknowledgeQuietly()
    kids.emitToWatchers('kidA', { kid: null, pendingWrite: false, fromCache: false })
    await vi.waitFor(async () => expect(await outbox.list(PARENT)).toEqual([]), WAIT)
    await sender.settled()
    // The server itself was asked, once, and the save was made once.
    expect(kids.serverReads).toEqual(['kidA'])
    expect(kids.saves.filter((save) => save.id === 'kidA')).toHaveLength(1)
    expect(kids.server.get('kidA')?.kidName).toBe('Amara')
  })

  it('after a reload, with the server out of reach when asked, nothing is decided until it answers', async () => {
    const { outbox, sender } = await handedOffThenReloaded()
    kids.acknowledgeQuietly()
    kids.serverReadFailures.push(transientError())
    kids.emitToWatchers('kidA', { kid: null, pendingWrite: false, fromCache: true })
    await vi.waitFor(() => expect(kids.serverReads).toHaveLength(1), WAIT)
    expect((await outbox.list(PARENT))[0]?.state).toBe('handedOff')
    // The next snapshot asks again; the server has the record.
    kids.emitToWatchers('kidA', { kid: null, pendingWrite: false, fromCache: false })
    await vi.waitFor(async () => expect(await outbox.list(PARENT)).toEqual([]), WAIT)
    await sender.settled()
    expect(kids.serverReads).toHaveLength(2)
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
    await sender.settled()
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
    expect(await outbox.engine.db.blobs.count()).toBe(0)

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
