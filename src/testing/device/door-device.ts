// A door phone as the guard and the door's start find it (decisions 0084, 0092, 0093): the account the
// device remembers, and the door's snapshot kept by it on a day.
import type { AuthUser } from '#shared/backend/backend-ports'
import { writeDoorSnapshot } from '#shared/device/door-snapshot'
import { REMEMBERED_PARENT_KEY } from '#shared/device/remembered-account'
import { doorRosterThrough } from '#shared/records/attendance-record'

/** The account this device remembers, as its last sign-in left it (staff or not). */
export function rememberAccount(user: AuthUser, staff: boolean): void {
  localStorage.setItem(REMEMBERED_PARENT_KEY, JSON.stringify({ ...user, emailVerified: true, staff }))
}

/** The door's snapshot kept by `uid` on `day`, listing no child. */
export function keepDoorSnapshot(uid: string, day: string): void {
  writeDoorSnapshot({
    uid,
    day,
    through: doorRosterThrough(day),
    children: [],
    events: [],
    messages: [],
    pending: [],
  })
}
