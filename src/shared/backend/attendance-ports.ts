// The door's port (issue 51, /centre/today; docs/decisions/0070, 0075): staff read the children with a
// confirmed place that has started, their enrolment file's collectors and 'must not collect' note, the
// verifiers of their collection codes, the parents' 'Tell the centre' messages and the day's arrivals
// and collections, all live and from this device's cache first (the door works offline all day); and
// they record an arrival or a collection. No Firebase types here. Loaded with the staff screens only
// (Backend.loadAttendance), never by the parent area.
import type { AttendanceEvent, StoredAttendanceEvent } from '#shared/records/attendance-record'
import type { CodeVerifier } from '#shared/records/collection-code'
import type { DaySettings } from '#shared/records/day-settings'
import type { StoredTellMessage } from '#shared/records/tell-the-centre-record'
import type { QueuedWrite, Unsubscribe } from './port-types'

/** A person the enrolment file allows to collect. */
export interface DoorCollector {
  readonly name: string
  readonly relation: string
  readonly phone: string
}

/** One child at the door: the place, the child's record and the file's people, as staff read them. */
export interface DoorChild {
  readonly kidId: string
  /** The child's family (kids/{kidId}.userRef), copied into each event. */
  readonly userRef: string
  readonly kidName: string
  readonly parentName: string
  /** The parent's phone in the child's record: the number the door calls. */
  readonly parentPhone: string
  /** The place's first day (YYYY-MM-DD). */
  readonly startDate: string
  /** null: the family has not filled in the enrolment file yet (nobody is on the list). */
  readonly collectors: readonly DoorCollector[] | null
  /** The file's note of who must not collect ('' when none). */
  readonly mustNotCollect: string
}

/** What the door's lists say, and whether they come from this device only. */
export interface DoorSeen<T> {
  readonly items: readonly T[]
  readonly fromCache: boolean
}

/** How one attempt to record an event ended. */
export type RecordAnswer =
  /** The server has it (this write, or this write sent before a reload). */
  | { readonly kind: 'stored' }
  /**
   * The rules refused it. `stored` is what the server holds under the event's id (null: nothing:
   * refused for another reason, as a place not started or a collection before the arrival).
   */
  | { readonly kind: 'refused'; readonly stored: StoredAttendanceEvent | null }
  /** No answer (offline, the server out of reach): tried again later. */
  | { readonly kind: 'no answer'; readonly error: string }

/** A month of the register (docs/decisions/0078): its events, and the names they refer to. */
export interface RegisterMonth {
  /** attendance where day is in the month, at most REGISTER_EVENTS_MAX. */
  readonly events: readonly StoredAttendanceEvent[]
  /** The children's names (kids/{kidId}.kidName) by id; a child no longer there is missing. */
  readonly kidNames: ReadonlyMap<string, string>
  /** The recorders' names (users/{uid}.name) by uid; an account without a record is missing. */
  readonly staffNames: ReadonlyMap<string, string>
}

/**
 * The most events a month's register reads: 120 children, 23 days, an arrival and a collection each is
 * 5,520; read in pages of 1,000 (a query is never read whole, decision 0026).
 */
export const REGISTER_EVENTS_MAX = 20_000

export interface AttendancePort {
  /**
   * The children whose place is confirmed and has started by `day`, with their file's people, live.
   * A child whose place starts later is not listed.
   */
  watchChildren(
    day: string,
    listener: (seen: DoorSeen<DoorChild>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The day's arrivals and collections (attendance where day == `day`), live. */
  watchDay(
    day: string,
    listener: (seen: DoorSeen<StoredAttendanceEvent>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The verifiers of these children's collection codes (codeChecks/{kidId}), by child id, live. */
  watchCodeChecks(
    kidIds: readonly string[],
    listener: (checks: ReadonlyMap<string, readonly CodeVerifier[]>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The parents' 'Tell the centre' messages about `day` (withdrawn ones too: the screen tells), live. */
  watchMessages(
    day: string,
    listener: (seen: DoorSeen<StoredTellMessage>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /**
   * One attempt to hand an event to the server (attendance/{kidId}_{day}_{kind}); the adapter adds
   * `sentAt` (this device's clock now) and `serverAt` (the server's time). Never rejects. Offline it
   * answers 'no answer' at once rather than leave the write in a queue, so `sentAt` is the time it
   * really went (the clock's offset is measured by it: decision 0070). `asUser` must be signed in.
   */
  record(event: AttendanceEvent, options: { readonly asUser: string }): Promise<RecordAnswer>
  /**
   * The register of a month ('YYYY-MM'): its arrivals and collections and the names of their children
   * and recorders, from the server (or this device's cache, offline). Rejects when refused.
   */
  readRegister(month: string): Promise<RegisterMonth>
  /** centre/today: the 'not seen' time and the register's period (the defaults when unset), live. */
  watchDaySettings(listener: (settings: DaySettings) => void, onError: (error: Error) => void): Unsubscribe
  /** Saves centre/today for every member of staff (offline: sent when the connection returns). */
  saveDaySettings(settings: DaySettings): Promise<QueuedWrite>
}
