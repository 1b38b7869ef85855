import { describe, expect, it, vi } from 'vitest'
import {
  askToKeepDeviceData,
  deviceDataKept,
  keepDeviceDataOnceQueued,
  onDeviceDataKeptChange,
  type StorageKeeping,
} from './persistent-storage'

/** A StorageManager whose persist() answers `grant`, and which remembers a granted request. */
function storage(grant: boolean, already = false) {
  let kept = already
  return {
    persisted: vi.fn(async () => kept),
    persist: vi.fn(async () => {
      kept = grant
      return grant
    }),
  } satisfies StorageKeeping
}

describe('deviceDataKept', () => {
  it("is the browser's answer, and false where the browser cannot say", async () => {
    expect(await deviceDataKept(storage(true, true))).toBe(true)
    expect(await deviceDataKept(storage(true, false))).toBe(false)
    expect(await deviceDataKept(undefined)).toBe(false)
    expect(await deviceDataKept({})).toBe(false)
    expect(await deviceDataKept({ persisted: () => Promise.reject(new Error('no')) })).toBe(false)
  })
})

describe('askToKeepDeviceData', () => {
  it('asks the browser and tells the screens that show it', async () => {
    const granting = storage(true)
    const heard = vi.fn()
    const stop = onDeviceDataKeptChange(heard)
    expect(await askToKeepDeviceData(granting)).toBe(true)
    expect(granting.persist).toHaveBeenCalledTimes(1)
    expect(heard).toHaveBeenCalledWith(true)
    const refusing = storage(false)
    expect(await askToKeepDeviceData(refusing)).toBe(false)
    expect(heard).toHaveBeenLastCalledWith(false)
    stop()
  })

  it('does not ask again when the data is already kept, and never throws', async () => {
    const kept = storage(true, true)
    expect(await askToKeepDeviceData(kept)).toBe(true)
    expect(kept.persist).not.toHaveBeenCalled()
    expect(await askToKeepDeviceData({ persist: () => Promise.reject(new Error('denied')) })).toBe(false)
    expect(await askToKeepDeviceData(undefined)).toBe(false)
  })
})

describe('keepDeviceDataOnceQueued', () => {
  /** A count the test moves, as the outbox's live count would. */
  function counter(initial: number) {
    let listener: ((count: number) => void) | null = null
    const unsubscribed = vi.fn()
    return {
      watch(next: (count: number) => void) {
        listener = next
        next(initial)
        return () => {
          listener = null
          unsubscribed()
        }
      },
      set: (count: number) => listener?.(count),
      unsubscribed,
    }
  }

  it('asks nothing while the outbox is empty, then once when a child is queued, and stops watching', async () => {
    const granting = storage(true)
    const count = counter(0)
    keepDeviceDataOnceQueued(count.watch, granting)
    expect(granting.persist).not.toHaveBeenCalled()
    count.set(1)
    await vi.waitFor(() => expect(count.unsubscribed).toHaveBeenCalledTimes(1))
    count.set(2)
    expect(granting.persist).toHaveBeenCalledTimes(1)
  })

  it('asks at once when the outbox already holds a child', async () => {
    const granting = storage(true)
    const count = counter(3)
    keepDeviceDataOnceQueued(count.watch, granting)
    await vi.waitFor(() => expect(granting.persist).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(count.unsubscribed).toHaveBeenCalledTimes(1))
  })

  it('can be stopped before anything was queued', () => {
    const granting = storage(true)
    const count = counter(0)
    const stop = keepDeviceDataOnceQueued(count.watch, granting)
    stop()
    stop()
    expect(count.unsubscribed).toHaveBeenCalledTimes(1)
    count.set(1)
    expect(granting.persist).not.toHaveBeenCalled()
  })
})
