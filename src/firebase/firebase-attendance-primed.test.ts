// The door's lists listened to before Auth exists (docs/decisions/0083): the screen follows the listener
// started early (a listener it started itself after Auth's creation would wait for Auth's check with the
// server), gets its last answer first, and the early listener stops when nobody follows it.
import { describe, expect, it, vi } from 'vitest'
import { shareWatch } from './firebase-attendance'

/** A listener whose answers the test gives. */
function source<T>() {
  let tell: ((value: T) => void) | null = null
  let fail: ((error: Error) => void) | null = null
  const stop = vi.fn()
  const start = (listener: (value: T) => void, onError: (error: Error) => void) => {
    tell = listener
    fail = onError
    return stop
  }
  return {
    start,
    stop,
    answer: (value: T) => tell?.(value),
    fail: (error: Error) => fail?.(error),
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a list listened to before Auth exists', () => {
  it('gives the screen that follows it its last answer, then every later one', async () => {
    const list = source<string>()
    const watch = shareWatch(list.start)
    list.answer('120 children')
    await watch.first
    const seen: string[] = []
    const stop = watch.adopt((value) => seen.push(value), vi.fn())
    expect(stop).not.toBeNull()
    await tick()
    expect(seen).toEqual(['120 children'])
    list.answer('121 children')
    expect(seen).toEqual(['120 children', '121 children'])
  })

  it('gives a screen that followed before the first answer that answer once it comes', async () => {
    const list = source<string>()
    const watch = shareWatch(list.start)
    const seen: string[] = []
    watch.adopt((value) => seen.push(value), vi.fn())
    await tick()
    expect(seen).toEqual([])
    list.answer('from the cache')
    expect(seen).toEqual(['from the cache'])
  })

  it("passes on its error, to a screen that follows later too (its first 'answer')", async () => {
    const list = source<string>()
    const watch = shareWatch(list.start)
    list.fail(new Error('refused'))
    await watch.first
    const onError = vi.fn()
    watch.adopt(vi.fn(), onError)
    await tick()
    expect(onError).toHaveBeenCalledWith(new Error('refused'))
  })

  it('stops once the screen stops following, unless it follows again at once (an effect remounted)', async () => {
    const list = source<string>()
    const watch = shareWatch(list.start)
    const first = watch.adopt(vi.fn(), vi.fn())
    first?.()
    const again = watch.adopt(vi.fn(), vi.fn())
    await tick()
    expect(list.stop).not.toHaveBeenCalled()
    again?.()
    await tick()
    expect(list.stop).toHaveBeenCalledTimes(1)
    // Stopped: a screen that comes now starts its own listener.
    expect(watch.adopt(vi.fn(), vi.fn())).toBeNull()
  })

  it('stops unfollowed when asked (nobody came: the account was not staff after all), not once followed', () => {
    const unfollowed = source<string>()
    shareWatch(unfollowed.start).stopUnadopted()
    expect(unfollowed.stop).toHaveBeenCalledTimes(1)

    const followed = source<string>()
    const watch = shareWatch(followed.start)
    watch.adopt(vi.fn(), vi.fn())
    watch.stopUnadopted()
    expect(followed.stop).not.toHaveBeenCalled()
  })
})
