// The centre's decision about a child, in registrations/{kidId}: a record the centre owns, apart from the
// parent's kids/{kidId} (docs/decisions/0023-who-may-see-a-childs-data.md). Staff write it; the child's
// owner reads it. firestore.rules repeats these fields and checks.

export const REGISTRATION_STATES = ['confirmed', 'waitlisted'] as const
export type RegistrationState = (typeof REGISTRATION_STATES)[number]

/** What a member of staff decides: a place from a start date (YYYY-MM-DD), or the waiting list. */
export type RegistrationDecision =
  | { readonly state: 'confirmed'; readonly startDate: string }
  | { readonly state: 'waitlisted'; readonly startDate: null }

/**
 * The child's record a decision was made on: its save time (the record's `timestamp`) and its fields
 * then (all but `timestamp` and `userRef`; firestore.rules checks both against the record). A later save
 * by the parent shows staff "Changed after your decision on {date}" with the fields that differ.
 */
export interface DecidedOn {
  /** The record's server time in ms. */
  readonly savedAt: number | null
  readonly fields: Readonly<Record<string, unknown>>
}

/** The stored decision: the adapter adds who decided (the staff uid), when (the server's time) and on what. */
export type Registration = RegistrationDecision & {
  readonly decidedBy: string
  /** Server time in ms (an estimate while the write waits for the server); null if unknown. */
  readonly decidedAt: number | null
  /** null for a decision stored before the record decided on was kept (nothing to compare with). */
  readonly decidedOn: DecidedOn | null
}

/** A calendar date as the date input gives it, and one that exists (no 31 February). */
export function isStartDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return date.toISOString().slice(0, 10) === value
}

export function isRegistrationState(value: unknown): value is RegistrationState {
  return (REGISTRATION_STATES as readonly unknown[]).includes(value)
}

/**
 * The stored fields as the rules accept them, or null (a record this app would never write).
 * `decidedOnSavedAt`: the stored `decidedOn` timestamp in ms (the adapter reads Firestore's type).
 */
export function parseRegistration(
  data: unknown,
  decidedAt: number | null,
  decidedOnSavedAt: number | null = null,
): Registration | null {
  if (typeof data !== 'object' || data === null) return null
  const { state, startDate, decidedBy, decidedRecord } = data as Record<string, unknown>
  if (typeof decidedBy !== 'string') return null
  const decidedOn: DecidedOn | null =
    typeof decidedRecord === 'object' && decidedRecord !== null && !Array.isArray(decidedRecord)
      ? { savedAt: decidedOnSavedAt, fields: decidedRecord as Record<string, unknown> }
      : null
  if (state === 'confirmed' && isStartDate(startDate))
    return { state, startDate, decidedBy, decidedAt, decidedOn }
  if (state === 'waitlisted' && startDate === null)
    return { state, startDate, decidedBy, decidedAt, decidedOn }
  return null
}

/** '4 January 2027', in the centre's words, whatever the device's time zone. */
export function formatStartDate(startDate: string): string {
  return new Date(`${startDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** What the parent's card and the child's page say; null while the centre has not decided. */
export function registrationText(registration: Registration | null): string | null {
  if (!registration) return null
  return registration.state === 'confirmed'
    ? `Place confirmed from ${formatStartDate(registration.startDate)}`
    : 'On the waiting list'
}
