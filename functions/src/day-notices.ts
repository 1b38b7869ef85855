// A child's day, told to the parent (issue 51; docs/decisions/0073-a-childs-day-on-the-server.md): an
// arrival or a collection stored (attendance/{kidId}_{day}_{kind} created by staff) becomes one notice
// under users/{uid}/notices, delivered by push where the parent has a device and never by e-mail (two a
// day would bury the centre's decisions). Safe to run twice: the notice's id is the event's, so a retried
// trigger finds its notice there and delivers nothing again.
import {
  CENTRE_TIME_ZONE,
  centreDay,
  parseAttendanceEvent,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import { attendanceDetail, type ToldEvent } from '#shared/records/attendance-words'
import { dateFormat } from '#shared/records/registration-record'
import { deliverNotice, type NoticeOutcome, type NoticePorts } from './notices'

/**
 * The notice's words (the notices list names no child, so the sentence does): 'Amara arrived at 08:12.',
 * 'Amara was collected by Ada Eze (aunt) at 16:40.'; an event of another day than `today` (a door that
 * was offline for days) says which: '… at 08:12 on Monday 7 December.'
 */
export function attendanceNoticeText(
  kidName: string,
  event: ToldEvent & Pick<StoredAttendanceEvent, 'day'>,
  today: string,
  timeZone: string = CENTRE_TIME_ZONE,
): string {
  const name = kidName.trim() || 'Your child'
  const sentence = `${name} ${event.kind === 'arrival' ? 'arrived' : 'was collected'}${attendanceDetail(event, timeZone)}`
  if (event.day === today) return `${sentence}.`
  const day = dateFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${event.day}T12:00:00Z`),
  )
  return `${sentence} on ${day}.`
}

/** The notice's id: the event's, so a retried trigger writes and delivers it once. */
export function attendanceNoticeId(eventId: string): string {
  return `attendance-${eventId}`
}

/** A stored timestamp (Firestore's Timestamp, or ms) in ms, or null. */
export function millisOf(value: unknown): number | null {
  if (typeof value === 'number') return value
  if (typeof value === 'object' && value !== null && 'toMillis' in value)
    return (value as { toMillis(): number }).toMillis()
  return null
}

/**
 * An attendance event stored: its notice for the family it names, if the child is still theirs. `now`:
 * the trigger's time (which day is today at the centre).
 */
export async function noticeOnAttendance(
  eventId: string,
  data: unknown,
  ports: NoticePorts,
  now: number,
): Promise<NoticeOutcome> {
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  const event = parseAttendanceEvent(eventId, data, {
    deviceAt: millisOf(d.deviceAt),
    sentAt: millisOf(d.sentAt),
    serverAt: millisOf(d.serverAt),
  })
  if (!event) return { status: 'none', why: 'not an event' }
  const kid = await ports.store.kid(event.kidId)
  // Deleted meanwhile (kidDeleted removes the event too), or no longer this family's child.
  if (!kid || kid.userRef !== event.userRef) return { status: 'none', why: 'no child' }
  const text = attendanceNoticeText(kid.kidName, event, centreDay(now))
  return deliverNotice(
    event.userRef,
    attendanceNoticeId(eventId),
    { kidId: event.kidId, kidName: kid.kidName, text },
    ports,
    { email: false },
  )
}
