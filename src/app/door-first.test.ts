// @vitest-environment jsdom
// Firebase held back at the door opened from the device until Today's list is on screen (decision 0092).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '#shared/backend/backend-ports'
import { centreDay } from '#shared/records/attendance-record'
import { keepDoorSnapshot, rememberAccount } from '#testing/device/door-device'
import { doorAccountOnDevice, doorListDrawn, FIREBASE_HOLD_MS, firebaseHeldForTheDoor } from './door-first'

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
})

const sam: AuthUser = { uid: 'sam', email: 'sam@sunbeam.test', displayName: 'Sam' }

function rememberStaffWithSnapshot(day = centreDay(Date.now())) {
  rememberAccount(sam, true)
  keepDoorSnapshot(sam.uid, day)
}

/** Whether the promise has settled after a few tasks. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  for (let i = 0; i < 3; i += 1) await Promise.resolve()
  return done
}

describe('doorAccountOnDevice', () => {
  it('is the remembered member of staff on Today with a snapshot its day can draw, and null otherwise', () => {
    expect(doorAccountOnDevice('/centre/today')).toBeNull()
    rememberStaffWithSnapshot()
    expect(doorAccountOnDevice('/centre/today')).toEqual(sam)
    expect(doorAccountOnDevice('/centre')).toBeNull()
    expect(doorAccountOnDevice('/profile')).toBeNull()
    // The next day's first open draws its children (decision 0093); past its roster, nothing.
    expect(doorAccountOnDevice('/centre/today', Date.now() + 36 * 3_600_000)).toEqual(sam)
    expect(doorAccountOnDevice('/centre/today', Date.now() + 16 * 86_400_000)).toBeNull()
  })
})

describe('firebaseHeldForTheDoor', () => {
  it('holds nothing for any other start', async () => {
    expect(await settled(firebaseHeldForTheDoor('/centre/today'))).toBe(true)
    rememberStaffWithSnapshot()
    expect(await settled(firebaseHeldForTheDoor('/centre'))).toBe(true)
  })

  it('holds Firebase until the list is drawn, and a second word changes nothing', async () => {
    rememberStaffWithSnapshot()
    const held = firebaseHeldForTheDoor('/centre/today')
    expect(await settled(held)).toBe(false)
    doorListDrawn()
    expect(await settled(held)).toBe(true)
    doorListDrawn()
  })

  it('lets Firebase go after FIREBASE_HOLD_MS when no list is drawn', async () => {
    vi.useFakeTimers()
    rememberStaffWithSnapshot()
    const held = firebaseHeldForTheDoor('/centre/today')
    await vi.advanceTimersByTimeAsync(FIREBASE_HOLD_MS - 1)
    expect(await settled(held)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(held)).toBe(true)
  })
})
