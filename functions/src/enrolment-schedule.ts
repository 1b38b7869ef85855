// The nightly enrolment schedule (docs/decisions/0031-enrolment-states.md): an offer nobody answered by its
// reply-by date lapses and the child goes back on the waiting list; a family waiting 90 days since the
// centre's last word is asked 'Still interested?'; a 'yes' starts the 90 days again; no answer within 14
// days marks the family withdrawn (staff can put it back). The plan for one record is pure (planChange);
// applying it re-reads the record in a transaction, so a parent's answer or a staff decision made in
// between wins, and a second run changes nothing.
import { newRandomId } from '#shared/records/ids'
import {
  askDeadline,
  centreDate,
  type Registration,
  replyDeadline,
  SCHEDULE_DECIDER,
  STILL_INTERESTED_EVERY_DAYS,
} from '#shared/records/registration-record'

const DAY = 86_400_000

/** What the schedule changes on one record: fields set, and fields removed (null). */
export type Change =
  | { readonly kind: 'lapse'; readonly fields: Record<string, string | number | null> }
  | { readonly kind: 'ask'; readonly fields: Record<string, string | number | null> }
  | { readonly kind: 'still-interested'; readonly fields: Record<string, string | number | null> }
  | { readonly kind: 'withdraw'; readonly fields: Record<string, string | number | null> }

/**
 * The change due on `registration` at `now`, or null. `hasReply(questionId)`: whether the parent has
 * answered that question (their reply document exists).
 */
export function planChange(
  registration: Registration,
  hasReply: (questionId: string) => boolean,
  now: number,
  newId: () => string = newRandomId,
): Change | null {
  const stamp = { decidedBy: SCHEDULE_DECIDER, decidedAt: now }
  if (registration.state === 'offered') {
    const { offerId, replyBy } = registration
    if (!offerId || !replyBy || hasReply(offerId) || now < replyDeadline(replyBy)) return null
    return {
      kind: 'lapse',
      fields: {
        state: 'waitlisted',
        startDate: null,
        replyBy: null,
        offerId: null,
        // The family keeps its place in time: since when it waited before the offer, if known.
        waitingSince: registration.waitingSince ?? centreDate(now),
        lapsedOn: replyBy,
        ...stamp,
      },
    }
  }
  if (registration.state !== 'waitlisted') return null
  const { askId, askedAt } = registration
  if (askId && askedAt !== null) {
    if (hasReply(askId)) return { kind: 'still-interested', fields: { askId: null, askedAt: null, ...stamp } }
    if (now < askDeadline(askedAt)) return null
    return {
      kind: 'withdraw',
      fields: { state: 'withdrawn', askId: null, askedAt: null, lapsedOn: null, ...stamp },
    }
  }
  // 90 days since the centre's last word (a decision, a lapse, a 'yes' to the last question).
  const since = registration.decidedAt ?? Date.parse(`${registration.waitingSince ?? ''}T00:00:00Z`)
  if (Number.isNaN(since) || now < since + STILL_INTERESTED_EVERY_DAYS * DAY) return null
  return { kind: 'ask', fields: { askId: newId(), askedAt: now, ...stamp } }
}

/** The registrations the schedule looks at, and a transactional apply: the port the schedule runs on. */
export interface EnrolmentRecords {
  /** Every registration in state offered or waitlisted, by child id. */
  open(): Promise<{ readonly kidId: string; readonly registration: Registration }[]>
  hasReply(kidId: string, questionId: string): Promise<boolean>
  /**
   * Re-reads the record and its replies in one transaction and writes `plan(current)` if not null; the
   * change written, or null.
   */
  apply(
    kidId: string,
    plan: (current: Registration, hasReply: (questionId: string) => boolean) => Change | null,
  ): Promise<Change | null>
}

export interface ScheduleReport {
  readonly lapsed: string[]
  readonly asked: string[]
  readonly stillInterested: string[]
  readonly withdrawn: string[]
}

/**
 * One run of the schedule at `now`: safe to run twice, and at any time of day. `only` limits it to
 * these children (a browser test runs it on its own child, on an emulator other tests share).
 */
export async function runEnrolmentSchedule(
  records: EnrolmentRecords,
  now: number,
  only?: readonly string[],
): Promise<ScheduleReport> {
  const report: ScheduleReport = { lapsed: [], asked: [], stillInterested: [], withdrawn: [] }
  const lists = {
    lapse: report.lapsed,
    ask: report.asked,
    'still-interested': report.stillInterested,
    withdraw: report.withdrawn,
  } as const
  for (const { kidId } of await records.open()) {
    if (only && !only.includes(kidId)) continue
    const change = await records.apply(kidId, (current, hasReply) => planChange(current, hasReply, now))
    if (change) lists[change.kind].push(kidId)
  }
  return report
}
