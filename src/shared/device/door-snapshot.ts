// The door's list as this device last saw it live (docs/decisions/0084): the children of the day, its
// arrivals and collections and the parents' messages, kept in localStorage for the member of staff who
// saw them, so that /centre/today draws them in its first render, without Firebase's SDK (Firestore
// answering the same lists from its IndexedDB took about 1.2 s of a 4x-slowed CPU). Live, not a
// picture: a tap goes to the outbox as it does on the live list, whose answer takes over when it comes.
//
// One snapshot per device, of one account: another account never reads it (its uid is in it), and it
// goes with everything else at sign-out (Backend.device.clear). Read on its own day, it is drawn whole;
// on a later day within its roster (decision 0093: the day's first open, every morning) only its
// children are, those whose place has started by then, and the day's lists wait for Firestore.
// Read synchronously (a screen that first drew 'Loading' would flash); written in an idle moment.
import type { DoorChild } from '#shared/backend/attendance-ports'
import type { AttendanceEvent, StoredAttendanceEvent } from '#shared/records/attendance-record'
import type { StoredTellMessage } from '#shared/records/tell-the-centre-record'

export const DOOR_SNAPSHOT_KEY = 'sunbeam-door'
/**
 * The shape's version: a snapshot written by another version of the app is not read (2: `pending`;
 * 3: `through`, the children listed ahead).
 */
const VERSION = 3

/** What the door keeps: its lists as seen live on `day`. */
export interface KeptDoor {
  readonly uid: string
  /** The day the lists were seen. */
  readonly day: string
  /** The last day its children cover (doorRosterThrough(day)): places starting by then are in it. */
  readonly through: string
  /** Every child the door followed on `day`, those whose place starts after it included. */
  readonly children: readonly DoorChild[]
  readonly events: readonly StoredAttendanceEvent[]
  readonly messages: readonly StoredTellMessage[]
  /**
   * This device's own arrivals and collections not yet heard back from the server (the outbox's jobs,
   * taps not yet kept), drawn as the screen drew them: without them a reopened door first drew a child
   * tapped offline as still expected, and moved the row 0.1 s later, under the next tap (decision 0088).
   */
  readonly pending: readonly AttendanceEvent[]
}

/** What an open draws from it: the kept lists of its own day, or an earlier day's children alone. */
export interface DoorSnapshot extends KeptDoor {
  /**
   * Kept on an earlier day: `events`, `messages` and `pending` are empty (that day's are not this
   * one's), and the children are the roster, to be drawn from their first day.
   */
  readonly earlier: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const hasStrings = (value: unknown, keys: readonly string[]): boolean =>
  isRecord(value) && keys.every((key) => typeof value[key] === 'string')

/**
 * The snapshot of this account for `day`: its own day's, or an earlier day's whose roster reaches
 * `day` (children only); null when none, another account's, too old, or unreadable.
 */
export function readDoorSnapshot(uid: string, day: string): DoorSnapshot | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DOOR_SNAPSHOT_KEY) ?? 'null')
    if (!isRecord(value) || value.v !== VERSION || value.uid !== uid) return null
    const { day: seen, through, children, events, messages, pending } = value
    if (typeof seen !== 'string' || typeof through !== 'string') return null
    // ISO dates compare as strings. A day before it was kept (the clock set back) draws nothing.
    if (day < seen || day > through) return null
    if (!Array.isArray(children) || !Array.isArray(events) || !Array.isArray(messages)) return null
    if (!Array.isArray(pending)) return null
    if (!children.every((c) => hasStrings(c, ['kidId', 'userRef', 'kidName', 'startDate']))) return null
    if (!events.every((e) => hasStrings(e, ['id', 'kidId', 'day', 'kind']))) return null
    if (!messages.every((m) => hasStrings(m, ['id', 'kidId', 'day']))) return null
    if (!pending.every((e) => hasStrings(e, ['kidId', 'userRef', 'day', 'kind', 'recordedBy']))) return null
    const earlier = day !== seen
    return {
      uid,
      day: seen,
      through,
      children: children as DoorChild[],
      events: earlier ? [] : (events as StoredAttendanceEvent[]),
      messages: earlier ? [] : (messages as StoredTellMessage[]),
      pending: earlier ? [] : (pending as AttendanceEvent[]),
      earlier,
    }
  } catch {
    return null
  }
}

/** Keeps what the live lists say now (replacing any other account's or day's). */
export function writeDoorSnapshot(snapshot: KeptDoor): void {
  try {
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ v: VERSION, ...snapshot }))
  } catch {
    // Full or unavailable: the door then opens from Firestore's cache, as before.
    clearDoorSnapshot()
  }
}

/** Sign-out, a refused session, another account: nothing of the door stays. */
export function clearDoorSnapshot(): void {
  try {
    localStorage.removeItem(DOOR_SNAPSHOT_KEY)
  } catch {
    // No localStorage: nothing was kept either.
  }
}
