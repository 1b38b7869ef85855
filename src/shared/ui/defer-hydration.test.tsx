import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadWhenReachable } from './defer-hydration'

/** A load that fails `failures` times, then gives 'code'. */
function flakyLoad(failures: number) {
  let calls = 0
  const load = vi.fn(() =>
    ++calls <= failures ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve('code'),
  )
  return load
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
}

describe('loadWhenReachable', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    // Back to jsdom's own getter: the window is shared with the next files (vitest.config.ts).
    Reflect.deleteProperty(navigator, 'onLine')
  })

  it('asks again when the browser comes back online', async () => {
    setOnline(false)
    const load = flakyLoad(1)
    const loaded = loadWhenReachable(load)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(load).toHaveBeenCalledTimes(1) // offline: no retry without the event

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await expect(loaded).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('asks again after a pause when the event came before the connection worked', async () => {
    setOnline(false)
    const load = flakyLoad(2)
    const loaded = loadWhenReachable(load)
    await vi.advanceTimersByTimeAsync(0)
    setOnline(true)
    window.dispatchEvent(new Event('online')) // the second load fails: no second event will come
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(2)

    await vi.advanceTimersByTimeAsync(2_000)
    await expect(loaded).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('on a connection that answers nothing, retries with pauses that double up to 30 s', async () => {
    setOnline(true)
    const load = flakyLoad(Number.POSITIVE_INFINITY)
    void loadWhenReachable(load)
    await vi.advanceTimersByTimeAsync(0)
    const callsAt = [] as number[]
    for (const pause of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      await vi.advanceTimersByTimeAsync(pause - 1)
      callsAt.push(load.mock.calls.length)
      await vi.advanceTimersByTimeAsync(1)
    }
    expect(callsAt).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(load).toHaveBeenCalledTimes(8)
  })

  it('one retry per wait, whichever of the event and the pause comes first', async () => {
    setOnline(true)
    const load = flakyLoad(1)
    const loaded = loadWhenReachable(load)
    await vi.advanceTimersByTimeAsync(0)
    window.dispatchEvent(new Event('online'))
    await expect(loaded).resolves.toBe('code')
    await vi.advanceTimersByTimeAsync(60_000)
    window.dispatchEvent(new Event('online'))
    expect(load).toHaveBeenCalledTimes(2)
  })
})
