// What /centre/today shows, worked out from what the door knows: the children with a started place, the
// server's events of the day, the events still on this device (the outbox's jobs, and taps not yet in
// it: a tap shows in the frame it was made in), and the parents' messages. Pure: the page only draws it.
import type { DoorChild } from '#shared/backend/attendance-ports'
import type { Job } from '#shared/outbox/job'
import {
  type AttendanceEvent,
  type AttendanceKind,
  CENTRE_TIME_ZONE,
  type Collector,
  clockIsOff,
  clockOffsetMs,
  eventTime,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import { DEFAULT_NOT_SEEN_AT } from '#shared/records/day-settings'
import { dateFormat } from '#shared/records/registration-record'
import type { StoredTellMessage } from '#shared/records/tell-the-centre-record'
import type { AttendancePayload } from './attendance-kind'

/** When a child not seen yet is listed first while the centre has set no time (centre/today). */
export const NOT_SEEN_AT = DEFAULT_NOT_SEEN_AT

export type DoorStatus = 'expected' | 'here' | 'gone' | 'away'

/** An arrival or a collection as the row shows it. */
export interface DoorMark {
  /** When it happened, as well as is known (eventTime: a wrong clock corrected once the server has it). */
  readonly at: number
  /** Still on this device, not on the server yet. */
  readonly pending: boolean
  /** The recording device's clock was more than 10 minutes off. */
  readonly clockOff: boolean
  readonly collector: Collector | null
}

export interface DoorRow {
  readonly child: DoorChild
  readonly status: DoorStatus
  readonly arrival: DoorMark | null
  readonly collection: DoorMark | null
  /** The parent's 'Away today' (not withdrawn), if any. */
  readonly away: StoredTellMessage | null
  /** The parent's 'Someone else collects today' messages (not withdrawn). */
  readonly someoneElse: readonly StoredTellMessage[]
  /** A job kept with a failure, for staff to read. */
  readonly failures: readonly { readonly jobId: string; readonly error: string }[]
  /** Listed at the top: after the centre's 'not seen' time, no arrival and no 'Away today'. */
  readonly notSeen: boolean
}

export interface DoorCounts {
  readonly here: number
  readonly expected: number
  readonly away: number
  readonly gone: number
}

export interface TodayInput {
  readonly children: readonly DoorChild[]
  readonly events: readonly StoredAttendanceEvent[]
  readonly jobs: readonly Job<AttendancePayload>[]
  /** Taps made on this screen that the outbox may not show yet. */
  readonly taps: readonly AttendanceEvent[]
  readonly messages: readonly StoredTellMessage[]
  /** This device's clock now. */
  readonly now: number
  /** The centre's 'not seen' time, 'HH:MM' (centre/today; NOT_SEEN_AT when not given). */
  readonly notSeenAt?: string
}

const key = (kidId: string, kind: AttendanceKind) => `${kidId}|${kind}`

/** HH:MM at the centre (24-hour). */
export function centreTime(ms: number): string {
  return dateFormat('en-GB', {
    timeZone: CENTRE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms)
}

export function todayView(input: TodayInput): {
  rows: DoorRow[]
  /** Past the centre's 'not seen' time: those not seen are listed first. */
  late: boolean
  counts: DoorCounts
} {
  const marks = new Map<string, DoorMark>()
  // The device's own first (taps, then jobs), the server's last: what the server holds wins.
  for (const tap of input.taps)
    marks.set(key(tap.kidId, tap.kind), {
      at: tap.deviceAt,
      pending: true,
      clockOff: false,
      collector: tap.collector,
    })
  const failures = new Map<string, { jobId: string; error: string }[]>()
  for (const job of input.jobs) {
    const { event } = job.payload
    if (job.state === 'failed') {
      const list = failures.get(event.kidId) ?? []
      list.push({ jobId: job.id, error: job.error ?? 'Not recorded' })
      failures.set(event.kidId, list)
      continue
    }
    marks.set(key(event.kidId, event.kind), {
      at: event.deviceAt,
      pending: true,
      clockOff: false,
      collector: event.collector,
    })
  }
  for (const event of input.events)
    marks.set(key(event.kidId, event.kind), {
      at: eventTime(event),
      pending: event.serverAt === null,
      clockOff: clockIsOff(event),
      collector: event.collector,
    })
  const live = input.messages.filter((m) => m.withdrawnAt === null)
  const late = centreTime(input.now) >= (input.notSeenAt ?? NOT_SEEN_AT)
  const rows = input.children.map((child): DoorRow => {
    const arrival = marks.get(key(child.kidId, 'arrival')) ?? null
    const collection = arrival ? (marks.get(key(child.kidId, 'collection')) ?? null) : null
    const mine = live.filter((m) => m.kidId === child.kidId)
    const away = mine.find((m) => m.fields.kind === 'away') ?? null
    const status: DoorStatus = collection ? 'gone' : arrival ? 'here' : away ? 'away' : 'expected'
    return {
      child,
      status,
      arrival,
      collection,
      away,
      someoneElse: mine.filter((m) => m.fields.kind === 'someone-else'),
      failures: failures.get(child.kidId) ?? [],
      notSeen: late && status === 'expected',
    }
  })
  // Not seen after the centre's time at the top; otherwise as listed (by name).
  rows.sort((a, b) => Number(b.notSeen) - Number(a.notSeen))
  const count = (status: DoorStatus) => rows.filter((row) => row.status === status).length
  return {
    rows,
    late,
    counts: { here: count('here'), expected: count('expected'), away: count('away'), gone: count('gone') },
  }
}

/**
 * This device's clock offset, as last measured by the server (serverAt − sentAt of the newest event
 * this member of staff recorded that the server has), or null when none is known.
 */
export function lastClockOffset(events: readonly StoredAttendanceEvent[], staffUid: string): number | null {
  let newest: StoredAttendanceEvent | null = null
  for (const event of events)
    if (
      event.recordedBy === staffUid &&
      clockOffsetMs(event) !== null &&
      (newest === null || (event.sentAt ?? 0) > (newest.sentAt ?? 0))
    )
      newest = event
  return newest ? clockOffsetMs(newest) : null
}
