// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { defaultKidFields } from '#shared/records/kid-record'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { WAIT } from '#testing/timeouts'
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

describe('a parent this device remembers, before Auth has confirmed them', () => {
  const photo = { name: 'amara.png', type: 'image/png' as const, data: new ArrayBuffer(40) }
  const fields = {
    ...defaultKidFields(),
    kidName: 'Amara Obi',
    kidAge: '4',
    parentName: 'Ada Obi',
    parentAge: '34',
    parentPhone: '+234 802 555 0101',
    address: '12 Palm Close, Uyo',
  }

  it('sends nothing until Auth confirms the account, then sends what waited', async () => {
    const backend = createFakeBackend()
    const ada = { uid: 'u-ada', email: 'ada@example.com', displayName: 'Ada' }
    const auth = backend.auth.startRemembering(ada)
    const runtime = await createOutboxRuntime(backend, { dbName: 'runtime-remembered' })
    await runtime.outbox.add({ userId: ada.uid, kidId: 'k1', fields, photos: [photo] })
    runtime.send()
    // Long enough for the sender to have sent it, were it bound to the remembered account.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.kids.saves).toEqual([])
    expect(backend.photos.uploads).toEqual([])
    auth.settle(true)
    await vi.waitFor(() => expect(backend.kids.saves.map((save) => save.asUser)).toEqual([ada.uid]), WAIT)
    runtime.close()
  })

  it('sends nothing when the server refuses the session', async () => {
    const backend = createFakeBackend()
    const ada = { uid: 'u-ada', email: 'ada@example.com', displayName: 'Ada' }
    const auth = backend.auth.startRemembering(ada)
    const runtime = await createOutboxRuntime(backend, { dbName: 'runtime-refused' })
    await runtime.outbox.add({ userId: ada.uid, kidId: 'k1', fields, photos: [photo] })
    auth.settle(false)
    runtime.send()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.kids.saves).toEqual([])
    expect(backend.photos.uploads).toEqual([])
    expect(await runtime.unsentCount(ada.uid)).toBe(1)
    runtime.close()
  })
})
