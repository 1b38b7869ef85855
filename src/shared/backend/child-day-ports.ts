// The parent's side of a child's day (issue 51; docs/decisions/0076): today's arrivals and collections
// of the parent's own children, live and from this device's cache first. Small and loaded with the
// parent area (the door's AttendancePort stays in the staff chunk). No Firebase types here.
import type { StoredAttendanceEvent } from '#shared/records/attendance-record'
import type { Unsubscribe } from './port-types'

export interface ChildDayPort {
  /**
   * The family's arrivals and collections of `day` (attendance where userRef == uid and day == day: the
   * rules let a parent read their own children's events only), live.
   */
  watchChildDay(
    uid: string,
    day: string,
    listener: (events: readonly StoredAttendanceEvent[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
}
