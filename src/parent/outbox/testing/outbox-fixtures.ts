// What the outbox's tests share: a child's fields, photos ready to queue, locks shared by the senders
// of one test (like Web Locks across the tabs of one browser), and the world of a sender test.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, vi } from 'vitest'
import type { ChildJob } from '#parent/outbox/child-kind'
import { ChildOutbox } from '#parent/outbox/child-outbox'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import type { SenderEvent } from '#parent/outbox/sender-events'
import type { LockFn } from '#shared/device/web-lock'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import { birthMonthFor } from '#shared/records/kid-age'
import { defaultKidFields, type KidFields } from '#shared/records/kid-record'
import { FakeKidsPort, FakePhotoStorage, pngBytes } from '#testing/backend/fake-kids-ports'

export const PARENT = 'parent1'
export const OTHER = 'parent2'

export function fields(kidName: string, overrides: Partial<KidFields> = {}): KidFields {
  return {
    ...defaultKidFields(),
    kidName,
    // Four years old, as the form keeps it (a new child's age in words is refused: child-kind.ts).
    kidBirthMonth: birthMonthFor(4, 0, new Date()),
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
 * A page's children's outbox: its own engine on the test's database (a second one is a reloaded page or
 * another tab), bound like the runtime binds both, the engine and the follows, to the signed-in parent.
 */
export class PageOutbox extends ChildOutbox {
  constructor(
    readonly engine: OutboxEngine,
    ports: Pick<ConstructorParameters<typeof ChildOutbox>[0], 'kids' | 'photos'>,
  ) {
    super({ jobs: engine, ...ports })
  }

  override bindUser(userId: string | null): void {
    super.bindUser(userId)
    this.engine.bindUser(userId)
  }

  close(): void {
    this.stop()
    this.engine.close()
  }
}

/**
 * The world of a sender test: a fresh jobs database, in-memory fakes of Firestore and Storage, and
 * pages (tabs, reloads) bound like the runtime binds them. Registers its own beforeEach/afterEach. The
 * engine's jitter is off (each wait its whole step: 2 s, 4 s, ...), so that tests can count time.
 */
export function senderWorld() {
  const opened: PageOutbox[] = []
  const world = {
    dbName: '',
    kids: new FakeKidsPort(),
    storage: new FakePhotoStorage(),
    lock: sharedLocks(),
    /** The outbox as a page opens it (a second call: a reloaded page on the same database). */
    openOutbox(): PageOutbox {
      const engine = new OutboxEngine({
        db: new JobDb(world.dbName, { indexedDB, IDBKeyRange }),
        lock: world.lock,
        random: () => 1,
      })
      const outbox = new PageOutbox(engine, { kids: world.kids, photos: world.storage })
      opened.push(outbox)
      return outbox
    },
    /** The page's sender working for `userId`, like the runtime binds it to the signed-in parent. */
    newSender(outbox: PageOutbox, events?: SenderEvent[], userId: string | null = PARENT): PageOutbox {
      if (events) outbox.onEvent((event) => events.push(event))
      outbox.bindUser(userId)
      return outbox
    },
    uploadsPerPath(): Map<string, number> {
      const counts = new Map<string, number>()
      for (const path of world.storage.uploads) counts.set(path, (counts.get(path) ?? 0) + 1)
      return counts
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
    for (const outbox of opened.splice(0)) outbox.close()
    vi.useRealTimers()
  })
  return world
}

/**
 * The sender's step markers, set by hand on a page's jobs (a store test has no sender): what a run
 * would have noted.
 */
export function jobSteps(outbox: PageOutbox) {
  const { db } = outbox.engine
  const change = (id: string, next: (job: ChildJob) => ChildJob) =>
    db.transaction('rw', db.jobs, async () => {
      const job = (await db.jobs.get(id)) as ChildJob | undefined
      if (job) await db.jobs.put(next(job))
    })
  return {
    photoUploaded: (id: string, photoId: string) =>
      change(id, (job) => ({
        ...job,
        payload: {
          ...job.payload,
          photos: job.payload.photos.map((photo) =>
            photo.id === photoId ? { ...photo, uploaded: true } : photo,
          ),
        },
      })),
    failed: (id: string, error: string) => change(id, (job) => ({ ...job, state: 'failed', error })),
    handedOff: (id: string) =>
      change(id, (job) => ({
        ...job,
        state: 'held',
        payload: { ...job.payload, handoffStarted: true, handedOffAt: 1 },
      })),
    /** Photo bytes kept on the device. */
    photoCount: () => db.blobs.count(),
  }
}
