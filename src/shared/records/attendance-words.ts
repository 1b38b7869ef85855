// The words of a child's day (issue 51; docs/decisions/0073, 0076): one function for the child's page
// and the parent's notice (functions/src/day-notices.ts), so both say the same time the same way.
import { CENTRE_TIME_ZONE, eventTime, type StoredAttendanceEvent } from './attendance-record'
import { dateFormat } from './registration-record'

/** '08:12': the centre's clock, 24 hours, as the door and the child's page show it. */
export function clockTime(ms: number, timeZone: string = CENTRE_TIME_ZONE): string {
  return dateFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms)
}

export type ToldEvent = Pick<StoredAttendanceEvent, 'kind' | 'collector' | 'deviceAt' | 'sentAt' | 'serverAt'>

/** What follows the verb: ' at 08:12', ' by Ada Eze (aunt) at 16:40'. */
export function attendanceDetail(event: ToldEvent, timeZone: string = CENTRE_TIME_ZONE): string {
  const at = ` at ${clockTime(eventTime(event), timeZone)}`
  return event.collector === null ? at : ` by ${event.collector.name} (${event.collector.relation})${at}`
}

/**
 * The child's page's words for an event: 'Arrived at 08:12', 'Collected by Ada Eze (aunt) at 16:40'.
 * The time is the tap's, corrected where the door's clock was more than 10 minutes off (eventTime).
 */
export function attendanceWords(event: ToldEvent, timeZone: string = CENTRE_TIME_ZONE): string {
  return `${event.kind === 'arrival' ? 'Arrived' : 'Collected'}${attendanceDetail(event, timeZone)}`
}
