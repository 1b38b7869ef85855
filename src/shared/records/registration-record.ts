// The centre's decision about a child, in registrations/{kidId}: a record the centre owns, apart from the
// parent's kids/{kidId} (docs/decisions/0023-who-may-see-a-childs-data.md). Staff write it (and the
// scheduled function `enrolmentSchedule`, which lapses offers and asks waiting families whether they are
// still interested); the child's owner reads it. The parent's answers live beside it, in
// registrations/{kidId}/replies/{questionId} (reply-record.ts), which only the parent creates
// (docs/decisions/0031-enrolment-states.md). firestore.rules repeats these fields and checks.

/**
 * offered: a place from `startDate`, to be answered by `replyBy`; waitlisted: on the waiting list since
 * `waitingSince`; declined: the centre cannot offer a place (`reason`, which the parent reads);
 * withdrawn: a waiting family that did not answer 'Still interested?' (staff can put it back);
 * confirmed: a place from `startDate`. No record at all: registered, nothing decided yet.
 */
export const REGISTRATION_STATES = ['offered', 'waitlisted', 'declined', 'withdrawn', 'confirmed'] as const
export type RegistrationState = (typeof REGISTRATION_STATES)[number]

/** Days a family has to answer an offer, by default (the staff's form suggests it; they may change it). */
export const OFFER_REPLY_DAYS = 7
/** Every so many days a waiting family is asked 'Still interested?'. */
export const STILL_INTERESTED_EVERY_DAYS = 90
/** Days to answer 'Still interested?' before the family is marked withdrawn. */
export const STILL_INTERESTED_REPLY_DAYS = 14
/**
 * The centre's offset from UTC in hours: a reply-by date ends at midnight in Uyo (Africa/Lagos: UTC+1
 * all year, no summer time). firestore.rules uses the same hour (it has no time zones).
 */
export const CENTRE_UTC_OFFSET_HOURS = 1
/** The most named gaps a confirmation may carry ('confirmed with what is missing'). */
export const MISSING_MAX = 12
/** A decline's reason, in characters. */
export const REASON_MAX = 300

/** What a member of staff decides. */
export type RegistrationDecision =
  | { readonly state: 'confirmed'; readonly startDate: string; readonly missing?: readonly string[] }
  | { readonly state: 'waitlisted'; readonly startDate: null; readonly waitingSince: string }
  | {
      readonly state: 'offered'
      readonly startDate: string
      readonly replyBy: string
      /** A new random id per offer: the parent's reply names it (replies/{offerId}). */
      readonly offerId: string
      /** A waiting family's date, kept so that a lapsed offer puts it back where it was. */
      readonly waitingSince?: string
    }
  | { readonly state: 'declined'; readonly startDate: null; readonly reason: string }

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

/** The stored record, every field present (null where the state has none, or an older record lacks it). */
export interface Registration {
  readonly state: RegistrationState
  /** offered, confirmed: the first day (YYYY-MM-DD). */
  readonly startDate: string | null
  /** offered: the last day to answer (YYYY-MM-DD, until midnight at the centre). */
  readonly replyBy: string | null
  /** offered (and confirmed after an offer): the offer the parent's reply names. */
  readonly offerId: string | null
  /** waitlisted, withdrawn: since when (YYYY-MM-DD); null on a record from before (decidedAt says). */
  readonly waitingSince: string | null
  /** declined: why, in words the parent reads. */
  readonly reason: string | null
  /** waitlisted after an offer nobody answered: that offer's reply-by date. */
  readonly lapsedOn: string | null
  /** waitlisted: the open 'Still interested?' question (its id names the reply) and when it was asked. */
  readonly askId: string | null
  readonly askedAt: number | null
  /** confirmed by staff's choice before the file was complete: what was missing then. */
  readonly missing: readonly string[]
  /** The staff uid, or the scheduled function's name. */
  readonly decidedBy: string
  /** Server time in ms (an estimate while the write waits for the server); null if unknown. */
  readonly decidedAt: number | null
  /** null for a decision stored before the record decided on was kept (nothing to compare with). */
  readonly decidedOn: DecidedOn | null
}

/** Who the scheduled function signs its changes as (decidedBy). */
export const SCHEDULE_DECIDER = 'sunbeam-schedule'

/** A calendar date as the date input gives it, and one that exists (no 31 February). */
export function isStartDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return date.toISOString().slice(0, 10) === value
}

export function isRegistrationState(value: unknown): value is RegistrationState {
  return (REGISTRATION_STATES as readonly unknown[]).includes(value)
}

/** The moment (ms) a reply-by date ends: midnight after it, at the centre. */
export function replyDeadline(replyBy: string): number {
  return Date.parse(`${replyBy}T00:00:00Z`) + 24 * 3_600_000 - CENTRE_UTC_OFFSET_HOURS * 3_600_000
}

/** The moment (ms) a 'Still interested?' asked at `askedAt` goes unanswered. */
export function askDeadline(askedAt: number): number {
  return askedAt + STILL_INTERESTED_REPLY_DAYS * 86_400_000
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The centre's calendar date (YYYY-MM-DD) at `ms`. */
export function centreDate(ms: number): string {
  return new Date(ms + CENTRE_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10)
}

const OFFER_ID = /^[A-Za-z0-9]{20}$/

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

function date(value: unknown): string | null {
  return isStartDate(value) ? value : null
}

/**
 * The stored fields as the rules accept them, or null (a record this app would never write).
 * `decidedOnSavedAt` and `askedAt`: the stored timestamps in ms (the adapter reads Firestore's type).
 */
export function parseRegistration(
  data: unknown,
  decidedAt: number | null,
  decidedOnSavedAt: number | null = null,
  askedAt: number | null = null,
): Registration | null {
  if (typeof data !== 'object' || data === null) return null
  const fields = data as Record<string, unknown>
  const { state, startDate, decidedBy, decidedRecord } = fields
  if (typeof decidedBy !== 'string' || !isRegistrationState(state)) return null
  const decidedOn: DecidedOn | null =
    typeof decidedRecord === 'object' && decidedRecord !== null && !Array.isArray(decidedRecord)
      ? { savedAt: decidedOnSavedAt, fields: decidedRecord as Record<string, unknown> }
      : null
  const missing = Array.isArray(fields.missing)
    ? fields.missing.filter((item): item is string => typeof item === 'string')
    : []
  const offerId = typeof fields.offerId === 'string' && OFFER_ID.test(fields.offerId) ? fields.offerId : null
  const askId = typeof fields.askId === 'string' && OFFER_ID.test(fields.askId) ? fields.askId : null
  const registration: Registration = {
    state,
    startDate: date(startDate),
    replyBy: date(fields.replyBy),
    offerId,
    waitingSince: date(fields.waitingSince),
    reason: text(fields.reason),
    lapsedOn: date(fields.lapsedOn),
    askId,
    askedAt: askId ? askedAt : null,
    missing,
    decidedBy,
    decidedAt,
    decidedOn,
  }
  const dated = registration.startDate !== null
  switch (state) {
    case 'confirmed':
      return dated ? registration : null
    case 'offered':
      return dated && registration.replyBy && offerId ? registration : null
    case 'declined':
      return startDate === null && registration.reason ? registration : null
    default:
      return startDate === null ? registration : null
  }
}

/**
 * One Intl.DateTimeFormat per shape of date, made once. Making one costs a few milliseconds on a slow
 * phone, and Date#toLocaleDateString(locale, options) makes a new one on every call: the staff's first
 * page of 50 cards spent 0.25 s of a 4x-slowed CPU on them (npm run bench, the centre's lists). Here,
 * beside the centre's other dates, so that it is no chunk of its own in the route map every page loads.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** '4 January 2027', in the centre's words, whatever the device's time zone. */
export function formatStartDate(startDate: string): string {
  return dateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${startDate}T00:00:00Z`),
  )
}

/** The date a family has waited since: the stored one, else (a record from before) the decision's day. */
export function waitingSinceOf(registration: Registration): string | null {
  if (registration.waitingSince) return registration.waitingSince
  return registration.decidedAt === null ? null : centreDate(registration.decidedAt)
}

/** The question the parent may answer now: the offer's id, or the open 'Still interested?'. */
export function openQuestion(registration: Registration | null): string | null {
  if (registration?.state === 'offered') return registration.offerId
  if (registration?.state === 'waitlisted') return registration.askId
  return null
}
