import { afterEach, describe, expect, it, vi } from 'vitest'
import { provideBackend } from '#shared/backend/backend'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { forgetNotices, noticesOf, prepareNotices } from './notices-data'

afterEach(() => {
  forgetNotices()
  vi.useRealTimers()
})

describe('the notices read before a parent screen shows', () => {
  it('are ready with the first answer and the push state, read by one listener for every screen', async () => {
    const backend = createFakeBackend()
    const watch = vi.spyOn(backend.notices, 'watch')
    provideBackend(async () => backend)
    backend.notices.add('ngozi', {
      id: 'n1',
      kidId: 'k1',
      kidName: 'Amara',
      text: 'Amara is on the waiting list.',
      createdAt: 1,
    })

    await prepareNotices('ngozi')
    expect(noticesOf('ngozi').get()).toEqual({
      seen: { notices: [expect.objectContaining({ id: 'n1', readAt: null })], fromCache: false },
      push: 'off',
    })
    // The bar and the section subscribe to the same source: still one listener.
    await prepareNotices('ngozi')
    expect(noticesOf('ngozi')).toBe(noticesOf('ngozi'))
    expect(watch).toHaveBeenCalledTimes(1)
  })

  it('waits no longer than its bound for a server that never answers', async () => {
    vi.useFakeTimers()
    const backend = createFakeBackend()
    // Firestore with no cached answer, waiting for a server that does not answer.
    vi.spyOn(backend.notices, 'watch').mockImplementation(() => () => {})
    provideBackend(async () => backend)
    let done = false
    const prepared = prepareNotices('ngozi', 2_500).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(2_400)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    await prepared
    expect(noticesOf('ngozi').get().seen).toBeNull()
    expect(noticesOf('ngozi').get().push).toBe('off')
  })

  it('stops listening at sign-out; a new backend (another session) starts its own source', async () => {
    const backend = createFakeBackend()
    const stop = vi.fn()
    vi.spyOn(backend.notices, 'watch').mockImplementation((_user, listener: (seen: NoticesSeen) => void) => {
      listener({ notices: [], fromCache: true })
      return stop
    })
    provideBackend(async () => backend)
    await prepareNotices('ngozi')
    const first = noticesOf('ngozi')
    forgetNotices()
    expect(stop).toHaveBeenCalledTimes(1)
    provideBackend(async () => createFakeBackend())
    expect(noticesOf('ngozi')).not.toBe(first)
  })
})
