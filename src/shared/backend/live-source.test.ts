import { afterEach, describe, expect, it, vi } from 'vitest'
import { LiveSource } from './live-source'

interface Count {
  readonly n: number | null
  readonly note: string
}

function following() {
  let push: (change: Partial<Count>) => void = () => undefined
  const stop = vi.fn()
  const source = new LiveSource<Count>(
    { n: null, note: '' },
    (set) => {
      push = set
      return stop
    },
    (state) => state.n !== null,
  )
  return { source, push: (change: Partial<Count>) => push(change), stop }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('LiveSource', () => {
  it('starts from its initial state and tells its listeners of each change', () => {
    const { source, push } = following()
    const heard = vi.fn()
    source.subscribe(heard)
    expect(source.get()).toEqual({ n: null, note: '' })
    push({ n: 2 })
    expect(source.get()).toEqual({ n: 2, note: '' })
    source.set({ note: 'chosen here' })
    expect(source.get()).toEqual({ n: 2, note: 'chosen here' })
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('is ready at its first known state, or after the wait at the latest', async () => {
    const { source, push } = following()
    const ready = source.ready(5_000)
    push({ note: 'not yet the count' })
    expect(source.isKnown()).toBe(false)
    push({ n: 1 })
    await ready
    expect(source.isKnown()).toBe(true)

    vi.useFakeTimers()
    const never = following().source
    const waited = never.ready(2_500)
    await vi.advanceTimersByTimeAsync(2_500)
    await expect(waited).resolves.toBeUndefined()
    expect(never.isKnown()).toBe(false)
  })

  it('once closed, stops following, keeps its last state and hears nothing more', () => {
    const { source, push, stop } = following()
    const heard = vi.fn()
    source.subscribe(heard)
    push({ n: 3 })
    source.close()
    source.close()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(source.isClosed).toBe(true)
    push({ n: 4 })
    source.set({ note: 'late' })
    expect(source.get()).toEqual({ n: 3, note: '' })
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('takes a first answer given while following starts', () => {
    const source = new LiveSource<Count>(
      { n: null, note: '' },
      (set) => {
        set({ n: 7 })
        return () => undefined
      },
      (state) => state.n !== null,
    )
    expect(source.get().n).toBe(7)
    expect(source.isKnown()).toBe(true)
  })
})
