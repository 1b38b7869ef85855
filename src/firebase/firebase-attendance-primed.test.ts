// The door's lists listened to before Auth exists (docs/decisions/0083): one screen follows the listener
// started early (a listener it started itself after Auth's creation would wait for Auth's check with the
// server) and gets what it heard first; the listener is its owner's and its follower's: stopped when
// either stops it, it tells nobody afterwards and never hands an older answer to a later screen.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { doorRosterThrough } from '#shared/records/attendance-record'
import type { FirebaseServices } from './firebase-app'
import { createFirebaseAttendance, earlyWatch, primeDoor } from './firebase-attendance'

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

afterEach(() => {
  vi.useRealTimers()
})

describe('a list listened to before Auth exists', () => {
  it('gives the screen that follows it its last answer, then every later one', async () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    list.answer('119 children')
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
    const watch = earlyWatch(list.start)
    const seen: string[] = []
    watch.adopt((value) => seen.push(value), vi.fn())
    await tick()
    expect(seen).toEqual([])
    list.answer('from the cache')
    expect(seen).toEqual(['from the cache'])
  })

  it('never hands the answer it held after a newer one reached the screen', async () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    list.answer('older')
    const seen: string[] = []
    watch.adopt((value) => seen.push(value), vi.fn())
    // Newer, before the held answer's turn (the same task as the follow).
    list.answer('newer')
    await tick()
    expect(seen).toEqual(['newer'])
  })

  it('is followed once: a second screen starts its own listener', () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    expect(watch.adopt(vi.fn(), vi.fn())).not.toBeNull()
    expect(watch.adopt(vi.fn(), vi.fn())).toBeNull()
  })

  it('stops when its screen stops following, and tells that screen nothing more', async () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    list.answer('held')
    const listener = vi.fn()
    const stop = watch.adopt(listener, vi.fn())
    stop?.()
    expect(list.stop).toHaveBeenCalledTimes(1)
    await tick()
    list.answer('late')
    list.fail(new Error('refused'))
    expect(listener).not.toHaveBeenCalled()
    // Stopped: a screen that comes now starts its own listener.
    expect(watch.adopt(vi.fn(), vi.fn())).toBeNull()
  })

  it('stops when its owner stops it, followed or not; its follower hears nothing more', async () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    const listener = vi.fn()
    const onError = vi.fn()
    watch.adopt(listener, onError)
    watch.stop()
    expect(list.stop).toHaveBeenCalledTimes(1)
    list.answer('after the sign-out')
    list.fail(new Error('refused'))
    await tick()
    expect(listener).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()
    expect(watch.followed()).toBe(false)
  })

  it('passes on an error to the screen that follows it', () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    const onError = vi.fn()
    watch.adopt(vi.fn(), onError)
    list.fail(new Error('refused'))
    expect(onError).toHaveBeenCalledWith(new Error('refused'))
  })

  it('failed before any screen followed: stops, and the screen starts its own listener', async () => {
    const list = source<string>()
    const watch = earlyWatch(list.start)
    list.fail(new Error('refused'))
    await watch.first
    expect(list.stop).toHaveBeenCalledTimes(1)
    expect(watch.adopt(vi.fn(), vi.fn())).toBeNull()
  })
})

describe('the door primed before Auth', () => {
  /** Listening that records each query started and stopped (no Firestore: nothing here answers). */
  function listening() {
    const stops = vi.fn()
    let started = 0
    return {
      services: {
        listen: () => {
          started += 1
          return stops
        },
      },
      stops,
      started: () => started,
    }
  }

  it('stops every list at its owner’s stop (a sign-out), and none is followed after', () => {
    const world = listening()
    const door = primeDoor(world.services, '2026-12-06')
    // The places, the day's events, the day's messages.
    expect(world.started()).toBe(3)
    door.stop()
    expect(world.stops).toHaveBeenCalledTimes(3)
    expect(door.children.adopt(vi.fn(), vi.fn())).toBeNull()
    expect(door.events.adopt(vi.fn(), vi.fn())).toBeNull()
    expect(door.messages.adopt(vi.fn(), vi.fn())).toBeNull()
  })

  it('stops the lists no screen followed after 20 s; the followed one goes on', () => {
    vi.useFakeTimers()
    const world = listening()
    const door = primeDoor(world.services, '2026-12-06')
    const stopFollow = door.children.adopt(vi.fn(), vi.fn())
    vi.advanceTimersByTime(19_999)
    expect(world.stops).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(world.stops).toHaveBeenCalledTimes(2)
    expect(door.events.adopt(vi.fn(), vi.fn())).toBeNull()
    stopFollow?.()
    expect(world.stops).toHaveBeenCalledTimes(3)
  })
})

describe('the door primed from its snapshot’s ids', () => {
  it('asks for the known children’s records and files beside the places, before any answer', () => {
    let started = 0
    const door = primeDoor(
      {
        listen: () => {
          started += 1
          return () => undefined
        },
      },
      '2026-12-06',
      Array.from({ length: 31 }, (_, n) => `kid${String(n).padStart(3, '0')}`),
    )
    // The places, 2 batches of records, 2 of files, the day's events, its messages.
    expect(started).toBe(7)
    door.stop()
  })
})

describe('the primed children, followed by Today', () => {
  it('are the list Today asks for, through its roster’s last day (decision 0093); the day alone is another list', () => {
    let started = 0
    const listen = () => {
      started += 1
      return () => undefined
    }
    const door = primeDoor({ listen }, '2026-12-06')
    expect(door.rosterDay).toBe('2026-12-20')
    expect(doorRosterThrough('2026-12-06')).toBe('2026-12-20')
    // Only `listen` is used by the lists (the rest of the services is never reached here).
    const services = { listen } as Pick<FirebaseServices, 'listen'> as FirebaseServices
    const port = createFirebaseAttendance(services, door)
    const before = started
    const stopRoster = port.watchChildren(door.rosterDay, vi.fn(), vi.fn())
    // Adopted: no query of its own.
    expect(started).toBe(before)
    const stopDay = port.watchChildren('2026-12-06', vi.fn(), vi.fn())
    // The control: a list of another day starts its own (the places).
    expect(started).toBe(before + 1)
    stopRoster()
    stopDay()
    door.stop()
  })
})
