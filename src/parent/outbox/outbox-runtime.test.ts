// @vitest-environment jsdom
import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { birthMonthFor } from '#shared/records/kid-age'
import { defaultKidFields } from '#shared/records/kid-record'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { WAIT } from '#testing/timeouts'
import { OutboxDb } from './outbox-db'
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

describe("the parents' enrolment files", () => {
  const CARD = `images/u1/card.jpg-${'c'.repeat(20)}`

  it('move from the old tables into jobs at start; counted while unsent; kept or forgotten at sign-out', async () => {
    const dbName = 'runtime-files'
    // What an earlier version left in sunbeam-outbox: a file waiting with its card's bytes, one refused.
    const old = new OutboxDb(dbName)
    await old.open()
    const file = {
      userId: 'u1',
      fields: {
        ...emptyEnrolmentFields(),
        immunisation: { path: CARD, type: 'image/jpeg' as const, fileName: 'card.jpg' },
      },
      rev: 1,
      createdAt: 1,
    }
    await old.enrolments.bulkAdd([
      {
        ...file,
        id: 'k1',
        kidId: 'k1',
        documents: [{ path: CARD, type: 'image/jpeg', uploaded: false }],
        state: 'queued',
      },
      { ...file, id: 'k2', kidId: 'k2', documents: [], state: 'refused' },
    ])
    await old.documents.add({ path: CARD, kidId: 'k1', type: 'image/jpeg', data: new ArrayBuffer(4) })
    old.close()

    const runtime = await createOutboxRuntime(createFakeBackend(), { dbName })
    // Emptied into jobs, the old database is gone.
    expect(await Dexie.exists(dbName)).toBe(false)
    expect(await runtime.enrolments.rowsOfUser('u1')).toMatchObject([
      { kidId: 'k1', state: 'queued' },
      { kidId: 'k2', state: 'refused' },
    ])
    // A refused file is nothing left to send.
    expect(await runtime.unsentCount('u1')).toBe(1)
    await runtime.endSession('u1', true)
    expect(await runtime.enrolments.rowsOfUser('u1')).toHaveLength(2)
    expect(await runtime.enrolments.documentBytes(CARD)).not.toBeNull()
    await runtime.endSession('u1', false)
    expect(await runtime.enrolments.rowsOfUser('u1')).toEqual([])
    expect(await runtime.enrolments.documentBytes(CARD)).toBeNull()
    expect(await runtime.unsentCount('u1')).toBe(0)
    runtime.close()
  })
})

describe('a parent this device remembers, before Auth has confirmed them', () => {
  const photo = { name: 'amara.png', type: 'image/png' as const, data: new ArrayBuffer(40) }
  const fields = {
    ...defaultKidFields(),
    kidName: 'Amara Obi',
    kidBirthMonth: birthMonthFor(4, 0, new Date()),
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
