import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import type { LockFn } from '#shared/device/web-lock'
import { backoffMs, type Job } from './job'
import { JobDb } from './job-db'
import { type JobStep, OutboxEngine, type OutboxEvent } from './outbox-engine'

const engines: OutboxEngine[] = []
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close()
})

const noLock: LockFn = (_name, _signal, work) => work()
let dbCount = 0
const nextDbName = () => {
  dbCount += 1
  return `jobs-test-${dbCount}`
}

function world(options: { lock?: LockFn } = {}) {
  let now = 1_000
  const db = new JobDb(nextDbName(), { indexedDB, IDBKeyRange })
  const engine = new OutboxEngine({
    db,
    now: () => now,
    random: () => 0.5,
    lock: options.lock ?? noLock,
  })
  engines.push(engine)
  const events: OutboxEvent[] = []
  engine.onEvent((event) => events.push(event))
  return {
    db,
    engine,
    events,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A handler that answers each run with the next step given (then 'done'). */
function scripted(steps: JobStep[], runs: Job<{ n: number }>[] = []) {
  return {
    runs,
    handler: {
      run: async (job: Job<{ n: number }>) => {
        runs.push(job)
        return steps.shift() ?? { type: 'done' as const }
      },
    },
  }
}

describe('backoffMs', () => {
  it('doubles from the minimum to the maximum, each wait between half and all of its step', () => {
    const policy = { minMs: 2_000, maxMs: 60_000 }
    expect([1, 2, 3, 6, 10].map((n) => backoffMs(n, policy, () => 0))).toEqual([
      1_000, 2_000, 4_000, 30_000, 30_000,
    ])
    expect([1, 2, 3, 6, 10].map((n) => backoffMs(n, policy, () => 0.999_999))).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000,
    ])
  })
})

describe('OutboxEngine', () => {
  it('sends a job with the handler of its kind and drops it, with its bytes, once done', async () => {
    const { db, engine, events } = world()
    const { runs, handler } = scripted([])
    engine.register('note', handler)
    const id = await engine.add({
      kind: 'note',
      owner: '',
      payload: { n: 1 },
      blobs: [{ id: 'b1', type: 'image/jpeg', data: new ArrayBuffer(3) }],
    })
    await engine.outcome(id)
    await engine.idle()
    expect(runs.map((job) => job.payload)).toEqual([{ n: 1 }])
    expect(await db.jobs.count()).toBe(0)
    expect(await db.blobs.count()).toBe(0)
    expect(events).toEqual([{ type: 'done', jobId: id, kind: 'note' }])
  })

  it('keeps a job of a kind nobody registered until its handler comes', async () => {
    const { db, engine } = world()
    const id = await engine.add({ kind: 'later', owner: '', payload: { n: 1 } })
    await engine.idle()
    expect(await db.jobs.get(id)).toMatchObject({ state: 'queued', attempts: 0 })
    const { runs, handler } = scripted([])
    engine.register('later', handler)
    await engine.outcome(id)
    expect(runs).toHaveLength(1)
  })

  it('adds a job under a given id once, however often it is added', async () => {
    const { db, engine } = world()
    await engine.add({ id: 'same', kind: 'later', owner: '', payload: { n: 1 } })
    await engine.add({ id: 'same', kind: 'later', owner: '', payload: { n: 2 } })
    expect((await db.jobs.toArray()).map((job) => job.payload)).toEqual([{ n: 1 }])
  })

  it('adds or replaces the one job that stands for a thing, its bytes brought and let go', async () => {
    const { db, engine } = world()
    const bytes = (id: string) => ({ id, type: 'application/pdf', data: new ArrayBuffer(2) })
    const save = (n: number, blobs: string[], keep: string[]) =>
      engine.addOrUpdate<{ n: number; before: number[] }>(
        { id: 'file', kind: 'later', owner: 'ada', payload: { n, before: [] }, blobs: blobs.map(bytes) },
        (payload) => ({ n, before: [...payload.before, payload.n] }),
        (blobId) => keep.includes(blobId),
      )
    await save(1, ['a', 'b'], [])
    await save(2, ['c'], ['a'])
    const [job, ...others] = await db.jobs.toArray()
    expect(others).toEqual([])
    expect(job).toMatchObject({ id: 'file', rev: 2, state: 'queued', payload: { n: 2, before: [1] } })
    expect((await db.blobs.toArray()).map((blob) => [blob.id, blob.jobId])).toEqual([
      ['a', 'file'],
      ['c', 'file'],
    ])
    expect(await engine.blob('c')).toMatchObject({ type: 'application/pdf' })
  })

  it('lets go of a held job only at the rev its run read: done, queued again, or failed and kept', async () => {
    const { db, engine, events } = world()
    engine.register('note', scripted([{ type: 'hold' }, { type: 'hold' }, { type: 'hold' }]).handler)
    const a = await engine.add({
      kind: 'note',
      owner: '',
      payload: { n: 1 },
      blobs: [{ id: 'a1', type: 'image/png', data: new ArrayBuffer(1) }],
    })
    await engine.outcome(a)
    // A rev the run did not read (an edit came meanwhile) lets go of nothing.
    expect(await engine.release(a, 2, { type: 'done' })).toBe(false)
    expect(await db.jobs.get(a)).toMatchObject({ state: 'held', rev: 1 })
    // Queued again, its payload changed and its bytes dropped: the handler runs it once more.
    expect(
      await engine.release<{ n: number }>(a, 1, {
        type: 'queue',
        change: (payload) => ({ n: payload.n + 1 }),
        dropBlobs: true,
      }),
    ).toBe(true)
    await expect.poll(async () => (await db.jobs.get(a))?.state).toBe('held')
    expect(await db.jobs.get(a)).toMatchObject({ rev: 2, payload: { n: 2 } })
    expect(await db.blobs.count()).toBe(0)
    expect(await engine.release(a, 2, { type: 'failed', error: 'refused' })).toBe(true)
    expect(await db.jobs.get(a)).toMatchObject({ state: 'failed', error: 'refused', rev: 3 })
    const b = await engine.add({ kind: 'note', owner: '', payload: { n: 9 } })
    await engine.outcome(b)
    expect(await engine.release(b, 1, { type: 'done' })).toBe(true)
    expect(await db.jobs.get(b)).toBeUndefined()
    expect(events.filter((event) => event.type !== 'held')).toEqual([
      { type: 'failed', jobId: a, kind: 'note', error: 'refused', kept: true, detail: undefined },
      { type: 'done', jobId: b, kind: 'note' },
    ])
  })

  it('waits its backoff after a failure that may pass, and goes at once when woken', async () => {
    const { db, engine, events, advance } = world()
    const { runs, handler } = scripted([{ type: 'retry', error: 'offline' }])
    engine.register('note', handler)
    const id = await engine.add({ kind: 'note', owner: '', payload: { n: 1 } })
    await expect.poll(() => events.length).toBe(1)
    await engine.idle()
    // The first retry: 2 s, jitter 0.75 (random 0.5).
    expect(events[0]).toEqual({ type: 'retrying', jobId: id, kind: 'note', error: 'offline', at: 2_500 })
    expect(await db.jobs.get(id)).toMatchObject({ attempts: 1, nextAttemptAt: 2_500, error: 'offline' })
    engine.kick()
    await engine.idle()
    expect(runs).toHaveLength(1)
    advance(100)
    const done = engine.outcome(id)
    await engine.wake()
    await done
    expect(runs).toHaveLength(2)
  })

  it('keeps a refused job for its owner to mend when asked, and sends it again on Retry', async () => {
    const { db, engine, events } = world()
    const { runs, handler } = scripted([{ type: 'failed', error: 'age is free text', keep: true }])
    engine.register('note', handler)
    const id = await engine.add({ kind: 'note', owner: '', payload: { n: 1 } })
    await expect(engine.outcome(id)).rejects.toThrow('age is free text')
    expect(await db.jobs.get(id)).toMatchObject({ state: 'failed', error: 'age is free text' })
    expect(events.at(-1)).toMatchObject({ type: 'failed', kept: true })
    await engine.update<{ n: number }>(id, () => ({ n: 2 }))
    await engine.idle()
    await expect.poll(async () => db.jobs.count()).toBe(0)
    expect(runs.map((job) => job.payload)).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('drops a refused job that is not to be kept, telling why', async () => {
    const { db, engine } = world()
    const { handler } = scripted([{ type: 'failed', error: 'too many', keep: false, detail: 'too-many' }])
    engine.register('note', handler)
    const id = await engine.add({ kind: 'note', owner: '', payload: { n: 1 } })
    await expect(engine.outcome(id)).rejects.toMatchObject({ message: 'too many', detail: 'too-many' })
    expect(await db.jobs.count()).toBe(0)
  })

  it('holds a job its handler keeps after sending, until its feature removes it', async () => {
    const { db, engine } = world()
    const { handler } = scripted([{ type: 'hold' }])
    engine.register('note', handler)
    const id = await engine.add({ kind: 'note', owner: '', payload: { n: 1 } })
    await engine.outcome(id)
    expect(await db.jobs.get(id)).toMatchObject({ state: 'held' })
    await engine.remove(id)
    expect(await db.jobs.count()).toBe(0)
  })

  it("sends an account's jobs only while it is signed in, and stops them when it changes", async () => {
    const { db, engine } = world()
    let release = () => {}
    const runs: string[] = []
    engine.register<{ n: number }>('note', {
      run: async (job, { signal }) => {
        runs.push(job.owner)
        if (job.owner === 'ada')
          await new Promise<void>((resolve) => {
            release = resolve
            signal.addEventListener('abort', () => resolve())
          })
        return signal.aborted ? { type: 'stopped' } : { type: 'done' }
      },
    })
    const adas = await engine.add({ kind: 'note', owner: 'ada', payload: { n: 1 } })
    await engine.add({ kind: 'note', owner: '', payload: { n: 2 } })
    await expect.poll(() => runs).toEqual([''])
    engine.bindUser('ada')
    await expect.poll(() => runs).toEqual(['', 'ada'])
    engine.bindUser('grace')
    await engine.idle()
    release()
    expect(await db.jobs.get(adas)).toMatchObject({ state: 'queued', attempts: 0 })
    engine.bindUser('ada')
    await expect.poll(() => runs).toEqual(['', 'ada', 'ada'])
    release()
    await engine.idle()
    await expect.poll(() => db.jobs.count()).toBe(0)
  })

  it('sends a lane strictly in order, and runs a job changed while it was sent again', async () => {
    const { db, engine } = world()
    const runs: number[] = []
    let first = true
    engine.register<{ n: number; lane: string }>('note', {
      lane: (job) => job.payload.lane,
      run: async (job) => {
        runs.push(job.payload.n)
        if (first) {
          first = false
          // The job is changed (an edit) while this run is on its way.
          await engine.update<{ n: number; lane: string }>(job.id, (payload) => ({ ...payload, n: 10 }))
        }
        return { type: 'done' }
      },
    })
    await db.transaction('rw', db.jobs, db.blobs, async () => {
      await engine.add({ kind: 'note', owner: '', payload: { n: 1, lane: 'a' } })
      await engine.add({ kind: 'note', owner: '', payload: { n: 2, lane: 'a' } })
    })
    await engine.idle()
    await expect.poll(() => db.jobs.count()).toBe(0)
    expect(runs).toEqual([1, 10, 2])
  })

  it('keeps a step marker only on the job as its handler read it', async () => {
    const { db, engine } = world()
    const marks: boolean[] = []
    engine.register<{ n: number; uploaded?: boolean }>('note', {
      run: async (_job, { mark }) => {
        marks.push(await mark((payload) => ({ ...payload, uploaded: true })))
        if (marks.length === 1) return { type: 'retry', error: 'offline' }
        return { type: 'hold' }
      },
    })
    const id = await engine.add({ kind: 'note', owner: '', payload: { n: 1 } })
    await expect.poll(async () => (await db.jobs.get(id))?.attempts).toBe(1)
    expect((await db.jobs.get(id))?.payload).toEqual({ n: 1, uploaded: true })
    await engine.wake()
    await engine.outcome(id)
    expect(marks).toEqual([true, true])
  })

  it('runs a lane in one tab at a time (its Web Lock)', async () => {
    const held: string[] = []
    const lock: LockFn = async (name, _signal, work) => {
      held.push(name)
      await work()
    }
    const { engine } = world({ lock })
    engine.register('note', scripted([]).handler)
    const id = await engine.add({ id: 'j1', kind: 'note', owner: '', payload: { n: 1 } })
    await engine.outcome(id)
    expect(held).toEqual(['sunbeam-jobs:note::j1'])
  })
})

describe('OutboxEngine across tabs', () => {
  it("tells the other tabs how a job ended, so a screen there hears of it (never each upload's progress)", async () => {
    const name = nextDbName()
    const channelName = `jobs-events-${name}`
    const first = new OutboxEngine({
      db: new JobDb(name, { indexedDB, IDBKeyRange }),
      lock: noLock,
      channel: new BroadcastChannel(channelName),
    })
    const second = new OutboxEngine({
      db: new JobDb(name, { indexedDB, IDBKeyRange }),
      lock: noLock,
      channel: new BroadcastChannel(channelName),
    })
    engines.push(first, second)
    const heard: OutboxEvent[] = []
    second.onEvent((event) => heard.push(event))
    first.register<{ n: number }>('note', {
      run: async (_job, { progress }) => {
        progress(0.5)
        return { type: 'done' }
      },
    })
    // The job is queued in the second tab, whose engine has no handler for it: the first sends it.
    const id = await second.add({ kind: 'note', owner: '', payload: { n: 1 } })
    const sent = second.outcome(id)
    first.kick()
    await sent
    expect(heard).toEqual([{ type: 'done', jobId: id, kind: 'note' }])
  })
})
