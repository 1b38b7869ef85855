import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstSnapshot, type Watch } from './first-snapshot'

/** A watch driven by the test: it records its stops and lets the test emit. */
function drivenWatch<T>() {
  const calls = { stopped: 0 }
  let emit: ((value: T) => void) | null = null
  let fail: ((error: unknown) => void) | null = null
  const watch: Watch<T> = (onValue, onError) => {
    emit = onValue
    fail = onError
    return () => {
      calls.stopped += 1
    }
  }
  return { watch, calls, emit: (value: T) => emit?.(value), fail: (error: unknown) => fail?.(error) }
}

describe('firstSnapshot', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('resolves with the first snapshot, ignores later ones and stops the watch once', async () => {
    const driven = drivenWatch<string[]>()
    const first = firstSnapshot(driven.watch, 5_000, [])
    driven.emit(['Amara'])
    driven.emit(['Amara', 'Tobi'])
    await expect(first).resolves.toEqual(['Amara'])
    expect(driven.calls.stopped).toBe(1)
  })

  it('resolves with the fallback after the time allowed, and stops the watch', async () => {
    const driven = drivenWatch<string[]>()
    const first = firstSnapshot(driven.watch, 5_000, ['fallback'])
    await vi.advanceTimersByTimeAsync(4_999)
    expect(driven.calls.stopped).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await expect(first).resolves.toEqual(['fallback'])
    expect(driven.calls.stopped).toBe(1)
    driven.emit(['late'])
    expect(driven.calls.stopped).toBe(1)
  })

  it('resolves with the fallback on an error', async () => {
    const driven = drivenWatch<number>()
    const first = firstSnapshot(driven.watch, 5_000, -1)
    driven.fail(new Error('permission-denied'))
    await expect(first).resolves.toBe(-1)
    expect(driven.calls.stopped).toBe(1)
  })

  it('stops a watch that answered before it returned its stop function', async () => {
    let stopped = 0
    const synchronous: Watch<string> = (onValue) => {
      onValue('from the cache')
      return () => {
        stopped += 1
      }
    }
    await expect(firstSnapshot(synchronous, 5_000, 'none')).resolves.toBe('from the cache')
    expect(stopped).toBe(1)
  })
})
