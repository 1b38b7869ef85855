import { describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '../../shared/backend/testing/fake-backend'
import { defaultKidFields } from '../../shared/records/kid-record'
import { WAIT } from '../../test/timeouts'
import { OUTBOX_HINT_KEY } from './outbox-hint'
import { createOutboxRuntime } from './outbox-runtime'

describe('the outbox runtime', () => {
  it('keeps the start-up hint in step with what waits to be sent, whoever changed the outbox', async () => {
    localStorage.clear()
    const backend = createFakeBackend()
    const runtime = await createOutboxRuntime(backend, { dbName: 'runtime-hint' })
    runtime.sender.stop() // nobody signed in sends anything here: only the count matters
    const fields = { ...defaultKidFields(), kidName: 'Amara' }
    await runtime.outbox.add({ userId: 'u1', kidId: 'k1', fields, photos: [] })
    await runtime.outbox.add({ userId: 'u1', kidId: 'k2', fields, photos: [] })
    await vi.waitFor(() => expect(localStorage.getItem(OUTBOX_HINT_KEY)).toBe('2'), WAIT)
    const [first] = await runtime.outbox.list('u1')
    await runtime.outbox.discard(first?.id ?? '')
    await vi.waitFor(() => expect(localStorage.getItem(OUTBOX_HINT_KEY)).toBe('1'), WAIT)
    const [second] = await runtime.outbox.list('u1')
    await runtime.outbox.discard(second?.id ?? '')
    await vi.waitFor(() => expect(localStorage.getItem(OUTBOX_HINT_KEY)).toBeNull(), WAIT)
    runtime.close()
  })
})
