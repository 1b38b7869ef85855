// The door opened from the device (docs/decisions/0092): a member of staff this device remembers, on
// Today, with the snapshot of the day they last saw there. The centre's guard lets them in at once on a
// stand-in for the centre's port (centre-guard.ts), and Firebase's code and start wait until Today has
// drawn its list: at 4x CPU Firebase's parsing and start took the main thread the list needed (0087,
// 0088). Loaded only when the app opens on /centre/today (main.tsx imports it there and nowhere else).
import type { AuthUser } from '#shared/backend/backend-ports'
import { readDoorSnapshot } from '#shared/device/door-snapshot'
import { readRememberedParent, readRememberedStaff } from '#shared/device/remembered-account'
import { centreDay } from '#shared/records/attendance-record'

/**
 * The longest Firebase waits for the list: a list never drawn (an error, the screen left at once) must
 * not keep the door from its server. The list comes from the device in under a second at 4x CPU.
 */
export const FIREBASE_HOLD_MS = 2_000

/**
 * The member of staff this device remembers, opening Today with the snapshot of the day they last saw
 * there (decision 0084), or null: then the guard waits for Firebase as everywhere else.
 */
export function doorAccountOnDevice(href: string, now: number = Date.now()): AuthUser | null {
  if (!href.startsWith('/centre/today')) return null
  const remembered = readRememberedParent()
  if (!remembered || !readRememberedStaff(remembered.uid)) return null
  return readDoorSnapshot(remembered.uid, centreDay(now)) ? remembered : null
}

/** Lets Firebase start: the list is on screen. Set while Firebase is held back (one start per page). */
let letGo: (() => void) | null = null

/**
 * What the backend's loader waits for before Firebase's code is asked for: on the door opened from the
 * device, Today's list drawn (doorListDrawn) or FIREBASE_HOLD_MS; at once for any other start.
 */
export function firebaseHeldForTheDoor(href: string, holdMs: number = FIREBASE_HOLD_MS): Promise<void> {
  if (!doorAccountOnDevice(href)) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(go, holdMs)
    function go() {
      clearTimeout(timer)
      letGo = null
      resolve()
    }
    letGo = go
  })
}

/** Today's list is on screen (the frame after it was drawn): Firebase starts now, if it was held. */
export function doorListDrawn(): void {
  letGo?.()
}
