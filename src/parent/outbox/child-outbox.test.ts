// The outbox and its sender on fake-indexeddb, against in-memory fakes of the backend ports: sending,
// retries, and crashes or reloads between two steps. Each test proves both halves of the promise: every
// submission is applied exactly once (one write per change, one stored object per photo path, no stray
// photos) and nothing is lost (a fresh Outbox on the same database, like a reloaded page, still holds
// whatever was not sent yet). Failures, edits and deletes: outbox-sender-changes.test.ts; the account:
// outbox-sender-account.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fields, PARENT, photos, senderWorld } from '#parent/outbox/testing/outbox-fixtures'
import { type FakeKidsPort, type FakePhotoStorage, transientError } from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import type { SenderEvent } from './sender-events'

const world = senderWorld()
const { openOutbox, newSender, uploadsPerPath } = world
let kids: FakeKidsPort
let storage: FakePhotoStorage

beforeEach(() => {
  ;({ kids, storage } = world)
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
      const queued = await realSave(id, record, options)
      outbox.close() // dies before it can note the hand-off
      return queued
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
})
