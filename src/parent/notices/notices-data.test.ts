import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParentScope } from '#parent/account/parent-scope'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { Backend } from '#shared/backend/backend-ports'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { newRandomId } from '#shared/records/ids'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { noticesOf, prepareNotices } from './notices-data'

const runtimes: OutboxRuntime[] = []
const scopes: ParentScope[] = []

/** Ngozi's scope on `backend`, as the parent area's guard makes it. */
async function scopeOn(backend: Backend): Promise<ParentScope> {
  const runtime = await createOutboxRuntime(backend, { dbName: `notices-${newRandomId(8)}` })
  runtimes.push(runtime)
  const scope = new ParentScope({ uid: 'ngozi', email: null, displayName: null }, runtime)
  scopes.push(scope)
  return scope
}

afterEach(() => {
  for (const scope of scopes.splice(0)) scope.dispose()
  for (const runtime of runtimes.splice(0)) runtime.close()
  vi.useRealTimers()
})

describe('the notices read before a parent screen shows', () => {
  it('are ready with the first answer and the push state, read by one listener for every screen', async () => {
    const backend = createFakeBackend()
    const watch = vi.spyOn(backend.notices, 'watch')
    const scope = await scopeOn(backend)
    backend.notices.add('ngozi', {
      id: 'n1',
      kidId: 'k1',
      kidName: 'Amara',
      text: 'Amara is on the waiting list.',
      createdAt: 1,
    })

    await prepareNotices(scope)
    expect(noticesOf(scope).get()).toEqual({
      seen: { notices: [expect.objectContaining({ id: 'n1', readAt: null })], fromCache: false },
      push: 'off',
    })
    // The bar and the section subscribe to the same source: still one listener.
    await prepareNotices(scope)
    expect(noticesOf(scope)).toBe(noticesOf(scope))
    expect(watch).toHaveBeenCalledTimes(1)
  })

  it('waits no longer than its bound for a server that never answers', async () => {
    const backend = createFakeBackend()
    // Firestore with no cached answer, waiting for a server that does not answer.
    vi.spyOn(backend.notices, 'watch').mockImplementation(() => () => {})
    const scope = await scopeOn(backend)
    vi.useFakeTimers()
    let done = false
    const prepared = prepareNotices(scope, 2_500).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(2_400)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    await prepared
    expect(noticesOf(scope).get().seen).toBeNull()
    expect(noticesOf(scope).get().push).toBe('off')
  })

  it('stops listening when the scope ends (sign-out); the next scope starts its own source', async () => {
    const backend = createFakeBackend()
    const stop = vi.fn()
    vi.spyOn(backend.notices, 'watch').mockImplementation((_user, listener: (seen: NoticesSeen) => void) => {
      listener({ notices: [], fromCache: true })
      return stop
    })
    const scope = await scopeOn(backend)
    await prepareNotices(scope)
    const first = noticesOf(scope)
    scope.dispose()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(first.isClosed).toBe(true)
    const next = await scopeOn(createFakeBackend())
    expect(noticesOf(next)).not.toBe(first)
    expect(noticesOf(next).isClosed).toBe(false)
  })
})
