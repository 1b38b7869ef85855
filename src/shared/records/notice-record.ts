// A notice for a parent, in users/{uid}/notices/{noticeId}: what the centre decided about which child,
// and when. The function registrationNotice writes it (functions/src/notices.ts); its owner reads it and
// marks it read, nobody else writes it (firestore.rules). It carries the child's first name and the
// centre's words only: never medical or address data.
import { formatStartDate } from './registration-record'

/** A decision as a notice compares it: any state string, so a state added later falls to the default. */
export interface DecisionSeen {
  readonly state: string
  readonly startDate: string | null
  /** offered: the last day to answer. */
  readonly replyBy?: string | null
  /** declined: the centre's words to the parent. */
  readonly reason?: string | null
  /** waitlisted after an offer nobody answered: that offer's reply-by date. */
  readonly lapsedOn?: string | null
  /** waitlisted: the open 'Still interested?' question, if one is asked. */
  readonly askId?: string | null
}

/** What a parent would be told about: a change of any of these is news, a rewrite of them is not. */
const told = (decision: DecisionSeen) =>
  [decision.state, decision.startDate, decision.replyBy, decision.reason, decision.lapsedOn, decision.askId]
    .map((value) => value ?? '')
    .join('|')

/**
 * What the parent is told when the centre's decision about `kidName` goes from `before` to `after`, or
 * null (nothing worth a notice: no decision, the same one again, a state without words yet). The one
 * place a decision becomes words: a new registration state gets its text here (its case), and until then
 * the default says nothing rather than something wrong.
 */
export function noticeText(
  before: DecisionSeen | null,
  after: DecisionSeen | null,
  kidName: string,
): string | null {
  if (!after) return null
  if (before && told(before) === told(after)) return null
  switch (after.state) {
    case 'confirmed':
      if (typeof after.startDate !== 'string') return null
      return before?.state === 'confirmed'
        ? `${kidName}'s start date has changed: the place is now confirmed from ${formatStartDate(after.startDate)}.`
        : `${kidName}'s place is confirmed from ${formatStartDate(after.startDate)}.`
    case 'offered':
      if (typeof after.startDate !== 'string' || typeof after.replyBy !== 'string') return null
      return `A place for ${kidName} is offered from ${formatStartDate(after.startDate)}. Please accept or decline it in the app by ${formatStartDate(after.replyBy)}.`
    case 'declined':
      return after.reason
        ? `We cannot offer ${kidName} a place: ${after.reason}`
        : `We cannot offer ${kidName} a place.`
    case 'withdrawn':
      return `${kidName} is no longer on the waiting list: we did not hear that you are still interested. Tell us if you are, and we will put ${kidName} back.`
    case 'waitlisted':
      if (before?.state === 'waitlisted') {
        // The same list: only a new 'Still interested?' is news (its answer, or a rewrite, is not).
        return after.askId && after.askId !== before.askId
          ? `Is ${kidName} still coming to us? Please answer 'Still interested?' in the app within 14 days, or ${kidName} leaves the waiting list.`
          : null
      }
      if (before?.state === 'offered' && after.lapsedOn)
        return `The place offered for ${kidName} was not accepted by ${formatStartDate(after.lapsedOn)}, so it has gone to the next family. ${kidName} is back on the waiting list.`
      if (before?.state === 'withdrawn') return `${kidName} is back on the waiting list.`
      return before?.state === 'confirmed'
        ? `${kidName}'s place is no longer confirmed: ${kidName} is on the waiting list.`
        : `${kidName} is on the waiting list. We will tell you when a place opens.`
    default:
      return null
  }
}

/** The stored notice as the parent's app reads it. */
export interface Notice {
  readonly id: string
  readonly kidId: string
  readonly kidName: string
  readonly text: string
  /** Server time in ms (null while unknown). */
  readonly createdAt: number | null
  /** When the parent opened it, in ms; null while unread. */
  readonly readAt: number | null
}

/** The stored fields as the function writes them, or null (a record this app would never write). */
export function parseNotice(
  id: string,
  data: unknown,
  createdAt: number | null,
  readAt: number | null,
): Notice | null {
  if (typeof data !== 'object' || data === null) return null
  const { kidId, kidName, text } = data as Record<string, unknown>
  if (typeof kidId !== 'string' || typeof kidName !== 'string' || typeof text !== 'string') return null
  return { id, kidId, kidName, text, createdAt, readAt }
}

/** Newest first; one without a time yet (just written) first of all. */
export function newestFirst(notices: readonly Notice[]): Notice[] {
  return [...notices].sort(
    (a, b) => (b.createdAt ?? Number.POSITIVE_INFINITY) - (a.createdAt ?? Number.POSITIVE_INFINITY),
  )
}

/**
 * The notice's id for one decision: the child and the decision's time, so a trigger run twice for the
 * same write finds its notice already there and writes nothing more.
 */
export function noticeId(kidId: string, decidedAtMs: number): string {
  return `${kidId}-${decidedAtMs}`
}
