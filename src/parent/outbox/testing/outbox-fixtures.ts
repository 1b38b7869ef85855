// What the outbox's tests share: a child's fields, photos ready to queue, locks shared by the senders
// of one test (like Web Locks across the tabs of one browser), and the world of a sender test.
import { afterEach, beforeEach, vi } from 'vitest'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { OutboxSender, type SenderEvent } from '#parent/outbox/outbox-sender'
import { Outbox } from '#parent/outbox/outbox-store'
import type { LockFn } from '#shared/device/web-lock'
import { newRandomId } from '#shared/records/ids'
import { defaultKidFields, type KidFields } from '#shared/records/kid-record'
import { FakeKidsPort, FakePhotoStorage, pngBytes } from '#testing/backend/fake-kids-ports'

export const PARENT = 'parent1'
export const OTHER = 'parent2'

export function fields(kidName: string, overrides: Partial<KidFields> = {}): KidFields {
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

export function photos(...names: string[]): PreparedPhoto[] {
  return names.map((name, i) => ({ name, type: 'image/png', data: pngBytes(100 + i) }))
}

/** Locks shared by every sender of a test, like Web Locks across the tabs of one browser. */
export function sharedLocks(): LockFn {
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

/**
 * The world of a sender test: a fresh outbox database, in-memory fakes of Firestore and Storage, and
 * senders (pages, tabs) bound like the runtime binds them. Registers its own beforeEach/afterEach.
 */
export function senderWorld() {
  const opened: Outbox[] = []
  const senders: OutboxSender[] = []
  const world = {
    dbName: '',
    kids: new FakeKidsPort(),
    storage: new FakePhotoStorage(),
    lock: sharedLocks(),
    /** The outbox as a page opens it (a second call: a reloaded page on the same database). */
    openOutbox(): Outbox {
      const outbox = new Outbox(world.dbName)
      opened.push(outbox)
      return outbox
    },
    /** A sender (a page, a tab) working for `userId`, like the runtime binds it to the signed-in parent. */
    newSender(outbox: Outbox, events?: SenderEvent[], userId: string | null = PARENT): OutboxSender {
      const sender = new OutboxSender({ outbox, kids: world.kids, photos: world.storage, lock: world.lock })
      if (events) sender.onEvent((event) => events.push(event))
      senders.push(sender)
      sender.bindUser(userId)
      return sender
    },
    uploadsPerPath(): Map<string, number> {
      const counts = new Map<string, number>()
      for (const path of world.storage.uploads) counts.set(path, (counts.get(path) ?? 0) + 1)
      return counts
    },
    /** Keeps an outbox a test opened itself closed after the test. */
    track(outbox: Outbox): Outbox {
      opened.push(outbox)
      return outbox
    },
  }
  beforeEach(() => {
    world.dbName = `outbox-test-${newRandomId(8)}`
    world.kids = new FakeKidsPort()
    world.kids.signedIn = PARENT
    world.storage = new FakePhotoStorage()
    world.lock = sharedLocks()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => {
    for (const sender of senders.splice(0)) sender.stop()
    for (const outbox of opened.splice(0)) outbox.close()
    vi.useRealTimers()
  })
  return world
}
