// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { provideBackend } from '#shared/backend/backend'
import type { Delivery, PendingInquiry } from '#shared/backend/backend-ports'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { watchTriggers } from '#shared/outbox/outbox-triggers'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { adoptLegacyInquiries, CLIENT_KEY, INQUIRY_KIND, inquiryHandler, queueInquiry } from './inquiry-kind'
import { LEGACY_PENDING_KEY } from './legacy-inquiries'

const inquiry = {
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit?',
  website: '',
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  localStorage.clear()
})

let dbCount = 0
/** An engine of its own with the inquiry kind, on a backend whose attempts answer as given. */
function world(answers: Delivery[]) {
  const calls: PendingInquiry[] = []
  const backend = createFakeBackend()
  provideBackend(() =>
    Promise.resolve({
      ...backend,
      inquiries: {
        deliver: async (pending: PendingInquiry) => {
          calls.push(pending)
          return answers.shift() ?? { kind: 'no answer' }
        },
      },
    }),
  )
  dbCount += 1
  const db = new JobDb(`inquiries-test-${dbCount}`, { indexedDB, IDBKeyRange })
  const engine = new OutboxEngine({ db, lock: (_name, _signal, work) => work() })
  engine.register(INQUIRY_KIND, inquiryHandler)
  const stopTriggers = watchTriggers(engine)
  cleanups.push(() => {
    stopTriggers()
    engine.close()
  })
  const kept = async () => (await engine.list<PendingInquiry>(INQUIRY_KIND)).map((job) => job.payload)
  return { engine, calls, kept }
}

describe('the inquiry kind', () => {
  it('sends a message under its own id, again after no answer when the connection comes back', async () => {
    const { engine, calls, kept } = world([{ kind: 'no answer' }, { kind: 'stored' }])
    const payload = { ...inquiry, id: 'a'.repeat(20), client: 'c'.repeat(20) }
    const id = await engine.add({ id: payload.id, kind: INQUIRY_KIND, owner: '', payload })
    const done = engine.outcome(id)
    await expect.poll(() => calls.length).toBe(1)
    await engine.idle()
    expect(await kept()).toEqual([payload])
    window.dispatchEvent(new Event('online'))
    await done
    expect(calls.map((call) => call.id)).toEqual([payload.id, payload.id])
    expect(await kept()).toEqual([])
  })

  it('drops a refused message and tells why', async () => {
    const { engine, kept } = world([{ kind: 'refused', reason: 'too-many' }])
    const payload = { ...inquiry, id: 'b'.repeat(20), client: 'c'.repeat(20) }
    const done = engine.outcome(payload.id)
    await engine.add({ id: payload.id, kind: INQUIRY_KIND, owner: '', payload })
    await expect(done).rejects.toMatchObject({ detail: 'too-many' })
    expect(await kept()).toEqual([])
  })

  it("moves an earlier version's localStorage queue into the outbox once, and sends it", async () => {
    const { engine, calls, kept } = world([{ kind: 'no answer' }])
    const old: PendingInquiry = { ...inquiry, id: 'd'.repeat(20), client: 'e'.repeat(20) }
    // As the version before the outbox engine wrote it (the adapter's inquiry-outbox.ts).
    localStorage.setItem(LEGACY_PENDING_KEY, JSON.stringify([old, { id: 'broken' }]))
    expect(localStorage.getItem(LEGACY_PENDING_KEY)).not.toBeNull()
    // Two tabs reading it at once add it once.
    const copy = localStorage.getItem(LEGACY_PENDING_KEY)
    await adoptLegacyInquiries(engine, localStorage)
    localStorage.setItem(LEGACY_PENDING_KEY, copy ?? '')
    await adoptLegacyInquiries(engine, localStorage)
    expect(localStorage.getItem(LEGACY_PENDING_KEY)).toBeNull()
    expect(await kept()).toEqual([old])
    await expect.poll(() => calls.map((call) => call.id)).toEqual([old.id])
  })

  it('drops an unreadable old queue without failing', async () => {
    const { engine, kept } = world([])
    localStorage.setItem(LEGACY_PENDING_KEY, '{not json')
    await adoptLegacyInquiries(engine, localStorage)
    expect(localStorage.getItem(LEGACY_PENDING_KEY)).toBeNull()
    expect(await kept()).toEqual([])
  })

  it("queues with this browser's client id, and says whether the server refused it", async () => {
    const { calls } = world([{ kind: 'stored' }, { kind: 'refused', reason: 'invalid' }])
    const first = await queueInquiry({ ...inquiry, name: '  Ada ' })
    expect(await first.refused).toBeNull()
    const client = localStorage.getItem(CLIENT_KEY)
    expect(client).toMatch(/^[A-Za-z0-9]{20}$/)
    // Trimmed before it is kept.
    expect(calls[0]).toEqual({ ...inquiry, id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), client })
    const second = await queueInquiry(inquiry)
    expect(await second.refused).toBe('invalid')
    expect(localStorage.getItem(CLIENT_KEY)).toBe(client)
  })
})
