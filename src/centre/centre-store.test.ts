// The centre's store asks for the page's own list first, alone; the other list, and the decisions of
// children already cached, go out once the server has answered it (or when its page opens, or after
// OTHER_LIST_WAIT_MS when the server never answers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultKidFields } from '#shared/records/kid-record'
import { createFakeCentre, FakeCentreServer } from '#testing/backend/fake-centre-ports'
import { COUNTS_SETTLE_MS, createCentreStore, OTHER_LIST_WAIT_MS } from './centre-store'

function world(offline: boolean) {
  const server = new FakeCentreServer()
  server.offline = offline
  server.children = [
    {
      ...defaultKidFields(),
      kidName: 'Amara Obi',
      id: 'kid00000000000000001',
      imgUrls: [],
      userRef: 'parent-1',
      savedAt: 1,
    },
  ]
  server.inquiries = [
    {
      id: 'i1',
      name: 'Ada',
      lastName: '',
      email: 'ada@example.com',
      subject: 'A visit',
      message: 'Monday?',
      sentAt: 1,
      handled: false,
      handledBy: null,
    },
  ]
  const port = createFakeCentre(server)
  const asked: string[] = []
  const spy = <K extends keyof typeof port>(name: K) => {
    const real = port[name] as (...args: unknown[]) => unknown
    Object.assign(port, {
      [name]: (...args: unknown[]) => {
        asked.push(name)
        return real(...args)
      },
    })
  }
  spy('watchChildren')
  spy('watchInquiries')
  spy('watchRegistrations')
  return { server, port, asked }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('createCentreStore: the page’s own list first', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opened on the inquiries: that list alone, then the children once the server has answered it', async () => {
    const { port, asked } = world(false)
    const store = createCentreStore(port, 'inquiries')
    // Asked in the same turn, before any answer: only the page's list.
    expect(asked).toEqual(['watchInquiries'])
    await flush()
    // The server's answer came (the fake answers online at once): the children follow.
    expect(asked).toContain('watchChildren')
    expect(store.getState().children).toHaveLength(1)
    expect(store.getState().inquiries).toHaveLength(1)
    expect(store.getState().fromCache).toBe(false)
    await store.stop()
  })

  it('opened on the registrations: both lists at once (its navigation shows the inquiries count)', () => {
    const { port, asked } = world(true)
    const store = createCentreStore(port, 'children')
    expect(asked).toEqual(['watchChildren', 'watchInquiries'])
    void store.stop()
  })

  it('with no answer from the server, the other list waits OTHER_LIST_WAIT_MS, then shows from the cache', async () => {
    const { port, asked } = world(true)
    const store = createCentreStore(port, 'inquiries')
    await flush()
    expect(asked).toEqual(['watchInquiries'])
    // Only the list asked counts as 'from this device only'; the inquiries show from the cache.
    expect(store.getState().inquiries).toHaveLength(1)
    expect(store.getState().children).toBeUndefined()
    expect(store.getState().fromCache).toBe(true)
    await vi.advanceTimersByTimeAsync(OTHER_LIST_WAIT_MS - 1)
    expect(asked).toEqual(['watchInquiries'])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toContain('watchChildren')
    expect(store.getState().children).toHaveLength(1)
    store.stop()
  })

  it('the other page opened before then asks for its list at once, once', async () => {
    const { port, asked } = world(true)
    const store = createCentreStore(port, 'inquiries')
    store.open('children')
    store.open('children')
    await vi.advanceTimersByTimeAsync(OTHER_LIST_WAIT_MS)
    expect(asked.filter((name) => name === 'watchChildren')).toEqual(['watchChildren'])
    expect(asked.filter((name) => name === 'watchInquiries')).toEqual(['watchInquiries'])
    store.stop()
  })

  it('opened on Today at the door: no list with the door’s own queries, the inquiries after OTHER_LIST_WAIT_MS', async () => {
    const { port, asked } = world(false)
    const store = createCentreStore(port, null)
    await flush()
    expect(asked).toEqual([])
    expect(store.getState().fromCache).toBe(false)
    await vi.advanceTimersByTimeAsync(OTHER_LIST_WAIT_MS - 1)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    // The navigation's count of inquiries not handled; the children only once their page opens.
    expect(asked).toEqual(['watchInquiries'])
    expect(store.getState().inquiries).toHaveLength(1)
    store.open('children')
    expect(asked).toEqual(['watchInquiries', 'watchChildren'])
    await store.stop()
  })

  it('stopped before the other list went out: it never does', async () => {
    const { port, asked } = world(true)
    const store = createCentreStore(port, 'inquiries')
    void store.stop()
    await vi.advanceTimersByTimeAsync(OTHER_LIST_WAIT_MS * 2)
    expect(asked).toEqual(['watchInquiries'])
  })

  it('a plan chosen before the children were asked for waits for them, and is the one asked', async () => {
    const { port } = world(true)
    const watch = vi.spyOn(port, 'watchChildren')
    const store = createCentreStore(port, 'inquiries')
    store.setChildrenFilter({ plan: 'Weekly' })
    expect(watch).not.toHaveBeenCalled()
    store.open('children')
    expect(watch).toHaveBeenCalledTimes(1)
    expect(watch.mock.calls[0]?.[0]).toEqual({ plan: 'Weekly' })
    store.stop()
  })

  it('stopping waits for the counts already asked of the server (signing out after them), at most 2 s', async () => {
    const { port } = world(false)
    const answers: ((counts: { total: number; unhandled: number }) => void)[] = []
    const count = vi
      .spyOn(port, 'countInquiries')
      .mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    const store = createCentreStore(port, 'inquiries')
    await flush()
    expect(count).toHaveBeenCalledTimes(1)
    let stopped = false
    void store.stop().then(() => {
      stopped = true
    })
    await flush()
    expect(stopped).toBe(false)
    answers[0]?.({ total: 1, unhandled: 1 })
    await flush()
    expect(stopped).toBe(true)

    // A count that never answers holds the sign-out up for COUNTS_SETTLE_MS, no longer.
    const second = createCentreStore(port, 'inquiries')
    await flush()
    let secondStopped = false
    void second.stop().then(() => {
      secondStopped = true
    })
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS - 1)
    expect(secondStopped).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(secondStopped).toBe(true)
  })
})
