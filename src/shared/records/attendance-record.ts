// A child's day at the door (issue 51; docs/decisions/0070-attendance-records-and-collection-codes.md):
// one arrival and one collection per child per day, in attendance/{kidId}_{day}_{kind}. Verified staff
// create them (never change or delete them); the child's family (userRef) reads them. The ONE schema
// shared by the door's screen, the outbox and the adapter; firestore.rules repeats its fields and limits.
//
// The id is chosen from the facts, not at random: two staff devices recording the same child's arrival
// write the same document, and the rules refuse the second (a create only, never an update), so the first
// write wins and keeps its time and its recorder. The sender of the refused one asks the server what it
// holds (`storedAnswers`): the same fact there is success.

import { cleanLine, textProblem } from './record-text'
import { addDays, centreDate, dateFormat, isStartDate } from './registration-record'

export const ATTENDANCE_KINDS = ['arrival', 'collection'] as const
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number]

/** The centre's time zone, where a day starts and ends (siteConfig.timeZone may name another). */
export const CENTRE_TIME_ZONE = 'Africa/Lagos'

/** A device clock further off the server's than this is shown to staff beside the event. */
export const CLOCK_OFF_MS = 10 * 60_000

/**
 * Bounds firestore.rules keeps (the same numbers): an event's day is at most this many days before the
 * server's date at the centre (a door device offline for a long weekend still sends its week) and at
 * most one day after it; the device's times at most 8 days behind the server's and 1 day ahead.
 */
export const EVENT_MAX_AGE_DAYS = 7
export const DEVICE_CLOCK_BEHIND_MAX_MS = 8 * 86_400_000
export const DEVICE_CLOCK_AHEAD_MAX_MS = 86_400_000

/** Longest text per field, in characters (firestore.rules: the same numbers; the enrolment file's). */
export const ATTENDANCE_TEXT_MAX = { name: 80, relation: 40, phone: 30 } as const

/** Digits, spaces, '+', '-', '(' and ')', at least 7 digits: a number the door can call. */
export const PHONE_PATTERN = /^[0-9+() -]{7,30}$/

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 7
}

/**
 * How someone not named in the enrolment file was allowed to collect: the parent's own 'Someone else
 * collects today' message (its id), or a phone call staff made to the parent (who said yes, and the
 * number called).
 */
export type CollectionPermission =
  | { readonly how: 'message'; readonly messageId: string }
  | { readonly how: 'call'; readonly name: string; readonly phone: string }

/** Who collected: a person the enrolment file allows (by name and relation), or someone else. */
export type Collector =
  | {
      readonly from: 'file'
      readonly name: string
      readonly relation: string
      /** Whether staff asked for the person's collection code and it matched (collection-code.ts). */
      readonly codeChecked: boolean
    }
  | {
      readonly from: 'other'
      readonly name: string
      readonly relation: string
      readonly phone: string
      readonly allowedBy: CollectionPermission
    }

/** What the door records; the adapter adds `sentAt` (the device's clock when sent) and `serverAt`. */
export interface AttendanceEvent {
  readonly kidId: string
  /** The child's family, copied from kids/{kidId} (decision 0035): only they read it. */
  readonly userRef: string
  /** The centre's date of the tap (YYYY-MM-DD), from the device's clock. */
  readonly day: string
  readonly kind: AttendanceKind
  /** The device's clock at the tap, in ms. */
  readonly deviceAt: number
  /** The member of staff (uid). */
  readonly recordedBy: string
  /** A collection's collector; null for an arrival. */
  readonly collector: Collector | null
}

export interface StoredAttendanceEvent extends AttendanceEvent {
  readonly id: string
  /** The device's clock when it handed the event to the server (ms); null if unknown. */
  readonly sentAt: number | null
  /** The server's time (ms; an estimate while the write waits); null if unknown. */
  readonly serverAt: number | null
}

/** The centre's calendar date (YYYY-MM-DD) at `ms`. */
export function centreDay(ms: number, timeZone: string = CENTRE_TIME_ZONE): string {
  // The centre's own zone keeps UTC+1 all year: its date without Intl, whose first formatter with a
  // time zone held a slow phone's main thread 55 to 190 ms in a child's card's first render (0085).
  if (timeZone === CENTRE_TIME_ZONE) return centreDate(ms)
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms)
}

/**
 * How many days ahead the door's list of the day holds children (decision 0093): a place that starts
 * within them is kept in the door's snapshot, so a later day's first open draws it from the device.
 * Two weeks cover a weekend and the centre's holidays.
 */
export const DOOR_ROSTER_DAYS = 14

/** The last day whose children the door follows on `day` (started by then; drawn from their first day). */
export function doorRosterThrough(day: string): string {
  return addDays(day, DOOR_ROSTER_DAYS)
}

/** attendance/{kidId}_{day}_{kind}: one arrival and one collection per child per day. */
export function attendanceEventId(kidId: string, day: string, kind: AttendanceKind): string {
  return `${kidId}_${day}_${kind}`
}

const EVENT_ID = /^([A-Za-z0-9]{20})_(\d{4}-\d{2}-\d{2})_(arrival|collection)$/

/** The parts of an event id, or null if the app never makes it. */
export function parseAttendanceEventId(
  id: string,
): { readonly kidId: string; readonly day: string; readonly kind: AttendanceKind } | null {
  const [, kidId, day, kind] = EVENT_ID.exec(id) ?? []
  if (kidId === undefined || !isStartDate(day) || !isAttendanceKind(kind)) return null
  return { kidId, day, kind }
}

export function isAttendanceKind(value: unknown): value is AttendanceKind {
  return (ATTENDANCE_KINDS as readonly unknown[]).includes(value)
}

/** An arrival tapped at `deviceAt` (the device's clock), on that day at the centre. */
export function newArrival(input: {
  readonly kidId: string
  readonly userRef: string
  readonly recordedBy: string
  readonly deviceAt: number
  readonly timeZone?: string
}): AttendanceEvent {
  const { kidId, userRef, recordedBy, deviceAt } = input
  return {
    kidId,
    userRef,
    recordedBy,
    deviceAt,
    day: centreDay(deviceAt, input.timeZone),
    kind: 'arrival',
    collector: null,
  }
}

/** A collection tapped at `deviceAt`, its collector's texts cleaned (normalizeCollector). */
export function newCollection(input: {
  readonly kidId: string
  readonly userRef: string
  readonly recordedBy: string
  readonly deviceAt: number
  readonly collector: Collector
  readonly timeZone?: string
}): AttendanceEvent {
  const { kidId, userRef, recordedBy, deviceAt } = input
  return {
    kidId,
    userRef,
    recordedBy,
    deviceAt,
    day: centreDay(deviceAt, input.timeZone),
    kind: 'collection',
    collector: normalizeCollector(input.collector),
  }
}

/** The collector's texts trimmed and on one line (record-text.ts). */
export function normalizeCollector(collector: Collector): Collector {
  if (collector.from === 'file')
    return { ...collector, name: cleanLine(collector.name), relation: cleanLine(collector.relation) }
  const allowedBy: CollectionPermission =
    collector.allowedBy.how === 'call'
      ? {
          how: 'call',
          name: cleanLine(collector.allowedBy.name),
          phone: cleanLine(collector.allowedBy.phone),
        }
      : collector.allowedBy
  return {
    ...collector,
    name: cleanLine(collector.name),
    relation: cleanLine(collector.relation),
    phone: cleanLine(collector.phone),
    allowedBy,
  }
}

/** What the door's checks say, keyed as the screen names its fields. */
export const collectorMessages = {
  name: 'Please fill in the name of the person collecting',
  relation: 'Please fill in their relation to the child',
  phone: 'Please fill in their phone number',
  phoneShape: 'A phone number holds digits, spaces and + - ( ) only, at least 7 digits',
  allowedBy:
    'Someone not on the list may collect only with the parent’s permission: call the parent, or pick their message',
  allowedByName: 'Please fill in who allowed it',
  allowedByPhone: 'Please fill in the number you called',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  characters: (label: string) => `${label} holds control or text-direction characters that cannot be saved`,
} as const

type CollectorErrors = Partial<Record<string, string>>

function checkRequired(
  errors: Record<string, string>,
  key: string,
  label: string,
  value: string,
  max: number,
  required: string,
): void {
  const problem = textProblem(value, { min: 1, max, multiline: false })
  if (problem === 'required') errors[key] = required
  else if (problem === 'tooLong') errors[key] = collectorMessages.tooLong(label, max)
  else if (problem === 'characters') errors[key] = collectorMessages.characters(label)
}

function checkPhone(errors: Record<string, string>, key: string, value: string, required: string): void {
  checkRequired(errors, key, 'Phone', value, ATTENDANCE_TEXT_MAX.phone, required)
  if (!errors[key] && !isPhone(value)) errors[key] = collectorMessages.phoneShape
}

const MESSAGE_ID = /^[A-Za-z0-9]{20}$/

/** Problems of a (normalized) collector, keyed 'name', 'relation', 'phone', 'allowedBy', 'allowedBy.name'…; empty: fine. */
export function validateCollector(collector: Collector): CollectorErrors {
  const errors: Record<string, string> = {}
  const { name, relation } = ATTENDANCE_TEXT_MAX
  checkRequired(errors, 'name', 'Name', collector.name, name, collectorMessages.name)
  checkRequired(errors, 'relation', 'Relation', collector.relation, relation, collectorMessages.relation)
  if (collector.from === 'other') {
    checkPhone(errors, 'phone', collector.phone, collectorMessages.phone)
    const allowed = collector.allowedBy
    if (allowed.how === 'message') {
      if (!MESSAGE_ID.test(allowed.messageId)) errors.allowedBy = collectorMessages.allowedBy
    } else if (allowed.how === 'call') {
      checkRequired(errors, 'allowedBy.name', 'Name', allowed.name, name, collectorMessages.allowedByName)
      checkPhone(errors, 'allowedBy.phone', allowed.phone, collectorMessages.allowedByPhone)
    } else errors.allowedBy = collectorMessages.allowedBy
  }
  return errors
}

// --- The clock ---

/**
 * How far the recording device's clock was behind the server's (ms, positive: behind), measured when it
 * sent the event: serverAt − sentAt. Null while either is unknown. The time an event waited offline does
 * not count (it lies between deviceAt and sentAt, both on the device's clock).
 */
export function clockOffsetMs(event: Pick<StoredAttendanceEvent, 'sentAt' | 'serverAt'>): number | null {
  return event.sentAt === null || event.serverAt === null ? null : event.serverAt - event.sentAt
}

/** Whether the device's clock was more than 10 minutes off (shown to staff beside the event). */
export function clockIsOff(event: Pick<StoredAttendanceEvent, 'sentAt' | 'serverAt'>): boolean {
  const offset = clockOffsetMs(event)
  return offset !== null && Math.abs(offset) > CLOCK_OFF_MS
}

/**
 * When the tap happened, as well as we know (ms): the device's time, corrected by its clock's offset when
 * that is more than 10 minutes (a few seconds of network delay are not a wrong clock).
 */
export function eventTime(event: Pick<StoredAttendanceEvent, 'deviceAt' | 'sentAt' | 'serverAt'>): number {
  const offset = clockOffsetMs(event)
  return offset !== null && Math.abs(offset) > CLOCK_OFF_MS ? event.deviceAt + offset : event.deviceAt
}

/**
 * Whether the rules still take an event of `day` tapped at `deviceAt`, at the server's time `serverNow`
 * (an estimate: the device's clock plus its last known offset): the day from EVENT_MAX_AGE_DAYS back to
 * tomorrow at the centre, the device's time from 8 days behind to 1 day ahead. The outbox's handler
 * keeps one that is out of bounds for staff to read instead of sending it to be refused.
 */
export function withinRulesBounds(
  event: Pick<AttendanceEvent, 'day' | 'deviceAt'>,
  serverNow: number,
): boolean {
  const today = centreDate(serverNow)
  return (
    isStartDate(event.day) &&
    event.day >= addDays(today, -EVENT_MAX_AGE_DAYS) &&
    event.day <= addDays(today, 1) &&
    event.deviceAt > serverNow - DEVICE_CLOCK_BEHIND_MAX_MS &&
    event.deviceAt < serverNow + DEVICE_CLOCK_AHEAD_MAX_MS
  )
}

/**
 * What the door says of its own clock, from its offset to the server's last measured (serverAt − the
 * device's time then), or null when it is within 10 minutes.
 */
export function clockWarning(offsetMs: number | null): string | null {
  if (offsetMs === null || Math.abs(offsetMs) <= CLOCK_OFF_MS) return null
  const minutes = Math.round(Math.abs(offsetMs) / 60_000)
  const amount =
    minutes < 120
      ? `${minutes} minutes`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} hours`
        : `${Math.round(minutes / 1440)} days`
  const way = offsetMs > 0 ? 'slow' : 'fast'
  return `This device’s clock is ${amount} ${way}. Times recorded here are corrected when they reach the server; please set the right time.`
}

// --- A second write of the same fact ---

/**
 * What the server's event says about a queued one the rules refused (its id is taken):
 * - 'this': it is this write, sent before (same recorder, time and collector): done;
 * - 'same': another device recorded the same fact first (an arrival; a collection by the same person):
 *   done, the first write's time and recorder stay;
 * - 'differs': a collection by someone else is recorded: the queued one is kept for staff to read.
 */
export function storedAnswers(queued: AttendanceEvent, stored: AttendanceEvent): 'this' | 'same' | 'differs' {
  const samePerson =
    queued.collector === null || stored.collector === null
      ? queued.collector === stored.collector
      : queued.collector.from === stored.collector.from &&
        queued.collector.name.toLowerCase() === stored.collector.name.toLowerCase() &&
        queued.collector.relation.toLowerCase() === stored.collector.relation.toLowerCase()
  if (
    queued.kidId !== stored.kidId ||
    queued.day !== stored.day ||
    queued.kind !== stored.kind ||
    !samePerson
  )
    return 'differs'
  return queued.recordedBy === stored.recordedBy && queued.deviceAt === stored.deviceAt ? 'this' : 'same'
}

// --- Reading what is stored ---

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

function parsePermission(value: unknown): CollectionPermission | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (v.how === 'message' && typeof v.messageId === 'string')
    return { how: 'message', messageId: v.messageId }
  if (v.how === 'call') return { how: 'call', name: str(v.name), phone: str(v.phone) }
  return null
}

function parseCollector(value: unknown): Collector | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (v.from === 'file')
    return { from: 'file', name: str(v.name), relation: str(v.relation), codeChecked: v.codeChecked === true }
  const allowedBy = parsePermission(v.allowedBy)
  if (v.from === 'other' && allowedBy)
    return { from: 'other', name: str(v.name), relation: str(v.relation), phone: str(v.phone), allowedBy }
  return null
}

/**
 * Reads a stored event, or null if it is not one this app writes. `deviceAt`, `sentAt`, `serverAt`: the
 * stored timestamps in ms (the adapter reads Firestore's type).
 */
export function parseAttendanceEvent(
  id: string,
  data: unknown,
  times: {
    readonly deviceAt: number | null
    readonly sentAt: number | null
    readonly serverAt: number | null
  },
): StoredAttendanceEvent | null {
  if (typeof data !== 'object' || data === null || times.deviceAt === null) return null
  const d = data as Record<string, unknown>
  const parts = parseAttendanceEventId(id)
  if (!parts || d.kidId !== parts.kidId || d.day !== parts.day || d.kind !== parts.kind) return null
  if (typeof d.userRef !== 'string' || typeof d.recordedBy !== 'string') return null
  const collector = parseCollector(d.collector)
  if ((parts.kind === 'collection') !== (collector !== null)) return null
  return {
    id,
    ...parts,
    userRef: d.userRef,
    recordedBy: d.recordedBy,
    deviceAt: times.deviceAt,
    sentAt: times.sentAt,
    serverAt: times.serverAt,
    collector,
  }
}
