// The door's taps until the outbox holds them (docs/decisions/0089): a tap on 'Arrived' or 'Collected'
// is drawn in its own frame, but the outbox keeps it in IndexedDB a few milliseconds later, and a page
// left in between (the phone put away, another page opened) aborted that write: the arrival was lost,
// though the screen had shown it. So the tap is written here first, synchronously, and crossed out once
// the outbox has it; the door's next start on this device, on any page, gives the outbox what is left.
// Not a queue: nothing is sent from here, and a tap stays here only for that gap.
//
// Of one device, per member of staff; it goes with the rest of the door at sign-out (Backend.device.clear).
import { type AttendanceEvent, attendanceEventId } from '#shared/records/attendance-record'

export const DOOR_TAPS_KEY = 'sunbeam-door-taps'
const VERSION = 1

interface Noted {
  readonly uid: string
  readonly event: AttendanceEvent
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

function isEvent(value: unknown): value is AttendanceEvent {
  if (!isRecord(value)) return false
  const strings = ['kidId', 'userRef', 'day', 'recordedBy'].every((key) => typeof value[key] === 'string')
  return (
    strings &&
    (value.kind === 'arrival' || value.kind === 'collection') &&
    typeof value.deviceAt === 'number' &&
    (value.collector === null || isRecord(value.collector))
  )
}

function read(): Noted[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DOOR_TAPS_KEY) ?? 'null')
    if (!isRecord(value) || value.v !== VERSION || !Array.isArray(value.taps)) return []
    return value.taps.filter(
      (tap): tap is Noted => isRecord(tap) && typeof tap.uid === 'string' && isEvent(tap.event),
    )
  } catch {
    return []
  }
}

function write(taps: readonly Noted[]): void {
  try {
    if (taps.length === 0) localStorage.removeItem(DOOR_TAPS_KEY)
    else localStorage.setItem(DOOR_TAPS_KEY, JSON.stringify({ v: VERSION, taps }))
  } catch {
    // No storage (private mode, full): the tap then rests on the outbox's own write, as before.
  }
}

const idOf = (event: AttendanceEvent) => attendanceEventId(event.kidId, event.day, event.kind)
const same = (tap: Noted, uid: string, event: AttendanceEvent) =>
  tap.uid === uid && idOf(tap.event) === idOf(event)

/** Notes a tap before the outbox is given it (a second tap of the same fact replaces the first). */
export function noteDoorTap(uid: string, event: AttendanceEvent): void {
  write([...read().filter((tap) => !same(tap, uid, event)), { uid, event }])
}

/** The outbox holds it (or staff were told it could not be kept): crossed out. */
export function crossOutDoorTap(uid: string, event: AttendanceEvent): void {
  const taps = read()
  const left = taps.filter((tap) => !same(tap, uid, event))
  if (left.length !== taps.length) write(left)
}

/** This member of staff's taps the outbox may not hold yet, oldest first. */
export function doorTapsOf(uid: string): AttendanceEvent[] {
  return read()
    .filter((tap) => tap.uid === uid)
    .map((tap) => tap.event)
}

/** Sign-out, a refused session: nothing of the door stays. */
export function clearDoorTaps(): void {
  write([])
}
