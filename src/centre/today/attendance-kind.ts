// The door's arrivals and collections as a kind of job of the one outbox engine (src/shared/outbox,
// decisions 0067, 0070, 0075): kind 'attendance', owned by the member of staff, one lane per child (its
// arrival goes before its collection, which the rules want stored first), the job's id the event's own
// (`${kidId}_${day}_${kind}`: a second tap or a second tab adds nothing). A door offline all morning
// keeps every event on the device and sends each once, in order, when the connection returns. A refusal
// is judged by what the server holds (storedAnswers): the same fact recorded first by another device is
// done; a collection by someone else, or a refusal with nothing stored, is kept for staff to read.
import type { AttendancePort } from '#shared/backend/attendance-ports'
import type { Job } from '#shared/outbox/job'
import type { KindHandler } from '#shared/outbox/outbox-engine'
import {
  type AttendanceEvent,
  attendanceEventId,
  storedAnswers,
  withinRulesBounds,
} from '#shared/records/attendance-record'

export const ATTENDANCE_KIND = 'attendance'

/** What an attendance job carries. */
export interface AttendancePayload {
  readonly event: AttendanceEvent
}

/** The job's id: the event's (decision 0070). */
export function attendanceJobId(event: AttendanceEvent): string {
  return attendanceEventId(event.kidId, event.day, event.kind)
}

/** What staff read of a job kept with a failure. */
export const attendanceFailures = {
  otherCollector: (name: string, relation: string) =>
    `Not recorded: another device recorded a collection by ${name} (${relation}) first`,
  refused: 'Not recorded: the server refused it (the place may not have started, or the arrival is missing)',
  outOfBounds:
    'Not recorded: this device’s clock puts it outside the days the server takes. Please set the right time',
} as const

export interface AttendanceHandlerOptions {
  /** The server's time now, as well as this device knows it (its clock plus the last offset measured). */
  readonly serverNow?: () => number
}

export function attendanceHandler(
  port: AttendancePort,
  options: AttendanceHandlerOptions = {},
): KindHandler<AttendancePayload> {
  const serverNow = options.serverNow ?? Date.now
  return {
    lane: (job: Job<AttendancePayload>) => job.payload.event.kidId,
    async run(job) {
      const { event } = job.payload
      // One the rules would refuse for its time is kept for staff to read, not sent to be refused.
      if (!withinRulesBounds(event, serverNow()))
        return { type: 'failed', error: attendanceFailures.outOfBounds, keep: true }
      const answer = await port.record(event, { asUser: job.owner })
      if (answer.kind === 'stored') return { type: 'done' }
      if (answer.kind === 'no answer') return { type: 'retry', error: answer.error }
      if (answer.stored === null) return { type: 'failed', error: attendanceFailures.refused, keep: true }
      if (storedAnswers(event, answer.stored) !== 'differs') return { type: 'done' }
      const collector = answer.stored.collector
      return {
        type: 'failed',
        error: collector
          ? attendanceFailures.otherCollector(collector.name, collector.relation)
          : attendanceFailures.refused,
        keep: true,
      }
    },
  }
}
