// The sender's throughput benchmark: 50 submissions queued as jobs of the outbox (Dexie, on fake-indexeddb in
// Node), then sent by the kind 'child' (ChildOutbox) to in-memory fakes of Storage and Firestore, with no latency and
// with a weak connection's. It counts every write and upload, so the figures come with proof that each
// submission was applied exactly once. Run by scripts/bench.mjs (through Vite, which reads TypeScript).
import 'fake-indexeddb/auto'
import { setMaxListeners } from 'node:events'
import { ChildOutbox } from '../src/parent/outbox/child-outbox'
import type { PreparedPhoto } from '../src/parent/outbox/outbox-db'
import type { PhotoBytes, UploadOptions } from '../src/shared/backend/kids-ports'
import { JobDb } from '../src/shared/outbox/job-db'
import { OutboxEngine } from '../src/shared/outbox/outbox-engine'
import { newRandomId } from '../src/shared/records/ids'
import { defaultKidFields } from '../src/shared/records/kid-record'
import { FakeKidsPort, FakePhotoStorage } from '../src/testing/backend/fake-kids-ports'

const PARENT = 'bench-parent'
// Every upload waiting for one of the two slots listens for the parent's sign-out on one signal: with
// 150 photos queued that is far above Node's warning threshold of 10, and expected (each is removed
// when its turn comes).
setMaxListeners(500)

/** Storage answering each upload after `latencyMs` (0: at once). */
class TimedStorage extends FakePhotoStorage {
  constructor(private readonly latencyMs: number) {
    super()
  }

  override async upload(path: string, photo: PhotoBytes, options: UploadOptions): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs))
    return super.upload(path, photo, options)
  }
}

/** A prepared photo of `bytes` bytes (the add form's photos are JPEGs of a few hundred kB). */
function photo(name: string, bytes: number): PreparedPhoto {
  const data = new Uint8Array(bytes)
  data.set([0xff, 0xd8, 0xff])
  return { name, type: 'image/jpeg', data: data.buffer }
}

export interface ThroughputResult {
  readonly scenario: string
  readonly submissions: number
  readonly photos: number
  readonly queueMs: number
  readonly sendMs: number
  readonly writes: number
  readonly uploads: number
  readonly exactlyOnce: boolean
}

export async function measureSender(options: {
  readonly scenario: string
  readonly submissions: number
  readonly photosEach: number
  readonly photoBytes: number
  readonly latencyMs: number
}): Promise<ThroughputResult> {
  const jobs = new OutboxEngine({ db: await JobDb.openOnDevice(`bench-${newRandomId(8)}`) })
  const kids = new FakeKidsPort()
  kids.signedIn = PARENT
  const storage = new TimedStorage(options.latencyMs)
  const outbox = new ChildOutbox({ jobs, kids, photos: storage })
  const queueStart = performance.now()
  for (let index = 0; index < options.submissions; index += 1) {
    await outbox.add({
      userId: PARENT,
      kidId: `kid${index}`,
      fields: {
        ...defaultKidFields(),
        kidName: `Child ${index}`,
        kidAge: '3',
        parentName: 'Bench Parent',
        parentAge: '34',
        parentPhone: '+234 802 555 0101',
        address: '12 Palm Close, Uyo',
      },
      photos: Array.from({ length: options.photosEach }, (_, at) =>
        photo(`photo-${index}-${at}.jpg`, options.photoBytes),
      ),
    })
  }
  const queueMs = performance.now() - queueStart
  const sender = outbox
  const sendStart = performance.now()
  sender.bindUser(PARENT)
  jobs.bindUser(PARENT)
  await sender.settled()
  // Until the server has confirmed every write; a submission that failed would wait for ever, so it stops the run.
  for (let left = await outbox.list(PARENT); left.length > 0; left = await outbox.list(PARENT)) {
    const failed = left.find((entry) => entry.state === 'failed')
    if (failed) throw new Error(`A submission failed: ${failed.error ?? 'no reason given'}`)
    await new Promise((resolve) => setTimeout(resolve, 1))
    await sender.settled()
  }
  const sendMs = performance.now() - sendStart
  sender.stop()
  jobs.close()
  const uploadsPerPath = new Map<string, number>()
  for (const path of storage.uploads) uploadsPerPath.set(path, (uploadsPerPath.get(path) ?? 0) + 1)
  const writesPerKid = new Map<string, number>()
  for (const save of kids.saves) writesPerKid.set(save.id, (writesPerKid.get(save.id) ?? 0) + 1)
  const photos = options.submissions * options.photosEach
  return {
    scenario: options.scenario,
    submissions: options.submissions,
    photos,
    queueMs,
    sendMs,
    writes: kids.saves.length,
    uploads: storage.uploads.length,
    exactlyOnce:
      writesPerKid.size === options.submissions &&
      [...writesPerKid.values()].every((count) => count === 1) &&
      uploadsPerPath.size === photos &&
      [...uploadsPerPath.values()].every((count) => count === 1),
  }
}
