// A notice for a parent, in users/{uid}/notices/{noticeId}: what the centre decided about which child,
// and when. The function registrationNotice writes it (functions/src/notices.ts); its owner reads it and
// marks it read, nobody else writes it (firestore.rules). It carries the child's first name and the
// centre's words only: never medical or address data.
import { formatStartDate } from './registration-record'

/** A decision as a notice compares it: any state string, so a state added later falls to the default. */
export interface DecisionSeen {
  readonly state: string
  readonly startDate: string | null
}

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
  if (before && before.state === after.state && before.startDate === after.startDate) return null
  switch (after.state) {
    case 'confirmed':
      if (typeof after.startDate !== 'string') return null
      return before?.state === 'confirmed'
        ? `${kidName}'s start date has changed: the place is now confirmed from ${formatStartDate(after.startDate)}.`
        : `${kidName}'s place is confirmed from ${formatStartDate(after.startDate)}.`
    case 'waitlisted':
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
