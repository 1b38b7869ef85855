// The sender belongs to one account: it works for the signed-in parent only and stops the moment the
// account changes. And the outbox without IndexedDB (fake-indexeddb, in-memory backend fakes).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fields, OTHER, PARENT, photos, senderWorld } from '#parent/outbox/testing/outbox-fixtures'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import type { FakeKidsPort, FakePhotoStorage } from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import { PageOutbox } from './testing/outbox-fixtures'

const world = senderWorld()
const { openOutbox, newSender } = world
let kids: FakeKidsPort
let storage: FakePhotoStorage

beforeEach(() => {
  ;({ kids, storage } = world)
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
      const engine = new OutboxEngine({ db: await JobDb.openOnDevice(`memory-${newRandomId(8)}`) })
      const outbox = new PageOutbox(engine, { kids, photos: storage })
      expect(outbox.persistent).toBe(false)
      await outbox.add({ userId: PARENT, kidId: 'kidM', fields: fields('Mo'), photos: photos('m.png') })
      await newSender(outbox).settled()
      expect(kids.saves.map((save) => save.id)).toEqual(['kidM'])
      expect(await outbox.list(PARENT)).toEqual([])
      outbox.close()
    } finally {
      globalThis.indexedDB = real
    }
  })
})
