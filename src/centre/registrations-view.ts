// The registrations list as staff filter and search it, and its CSV export. Pure: unit-tested.
import { siteConfig } from '#shared/config/site-config'
import type { StoredEnrolment } from '#shared/records/enrolment-record'
import { type StandingKind, staffStandingLabel, standingOf } from '#shared/records/enrolment-standing'
import { kidAgeText } from '#shared/records/kid-age'
import { KID_FIELD_LABELS, type KidPlan, type StoredKid } from '#shared/records/kid-record'
import { dateFormat, formatStartDate, type Registration } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'

/** A row's state as the filter names it: 'new' while nothing is decided (registered). */
export type RowState = Exclude<StandingKind, 'registered'> | 'new'
export type RegistrationFilterState = 'all' | RowState

export interface RegistrationRow {
  readonly kid: StoredKid
  readonly registration: Registration | null
  /** The parent's reply to the record's open question (an offer, 'Still interested?'); null: none. */
  readonly reply?: Reply | null
  /** The parent's enrolment file (decision 0032); null: none yet. */
  readonly enrolment?: StoredEnrolment | null
  /** The parent's account e-mail (users/{userRef}); null until read, or without a record. */
  readonly parentEmail: string | null
}

export interface RegistrationFilter {
  readonly plan: KidPlan | 'all'
  readonly state: RegistrationFilterState
  readonly search: string
}

export const NO_FILTER: RegistrationFilter = { plan: 'all', state: 'all', search: '' }

/** Where the row's child stands (decision 0031), at `now`. */
export function standingOfRow(row: RegistrationRow, now: number = Date.now()) {
  return standingOf(row.registration, row.reply ?? null, now)
}

export function stateOf(row: RegistrationRow): RowState {
  const { kind } = standingOfRow(row)
  return kind === 'registered' ? 'new' : kind
}

/** Newest registration first (the list arrives so; kept if the order ever changes). */
export function registrationRows(
  children: readonly StoredKid[],
  registrations: ReadonlyMap<string, Registration>,
  parentEmails: ReadonlyMap<string, string> = new Map(),
  replies: ReadonlyMap<string, Reply> = new Map(),
  enrolments: ReadonlyMap<string, StoredEnrolment> = new Map(),
): RegistrationRow[] {
  return [...children]
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0))
    .map((kid) => ({
      kid,
      registration: registrations.get(kid.id) ?? null,
      reply: replies.get(kid.id) ?? null,
      enrolment: enrolments.get(kid.id) ?? null,
      parentEmail: parentEmails.get(kid.userRef) ?? null,
    }))
}

/** Lower case, without accents: 'Zoë' is found by 'zoe'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en')
}

export function filterRows(rows: readonly RegistrationRow[], filter: RegistrationFilter): RegistrationRow[] {
  const search = folded(filter.search.trim())
  return rows.filter(
    (row) =>
      (filter.plan === 'all' || row.kid.plan === filter.plan) &&
      (filter.state === 'all' || stateOf(row) === filter.state) &&
      (!search || folded(row.kid.kidName).includes(search) || folded(row.kid.parentName).includes(search)),
  )
}

export function stateLabel(row: RegistrationRow): string {
  return staffStandingLabel(standingOfRow(row))
}

/** What changed in the child's record since the decision, as staff see it. */
export interface ChangeSinceDecision {
  /** When the decision was made (ms), for "Changed after your decision on {date}". */
  readonly decidedAt: number | null
  /** The labels of the fields that differ ('Age', 'Photos'); empty when the record was only saved again. */
  readonly fields: readonly string[]
}

const FIELD_LABELS: Readonly<Record<string, string>> = { ...KID_FIELD_LABELS, imgUrls: 'Photos' }

/**
 * null while the record is the one decided on (or no decision names one: made before they did);
 * otherwise the fields the parent changed since, by comparing with the record the decision kept.
 */
export function changeSinceDecision(row: RegistrationRow): ChangeSinceDecision | null {
  const decidedOn = row.registration?.decidedOn
  if (!row.registration || !decidedOn || decidedOn.savedAt === null || row.kid.savedAt === null) return null
  if (decidedOn.savedAt === row.kid.savedAt) return null
  const now = row.kid as unknown as Readonly<Record<string, unknown>>
  const keys = new Set([...Object.keys(decidedOn.fields), ...Object.keys(FIELD_LABELS)])
  const fields = [...keys]
    .filter((key) => JSON.stringify(decidedOn.fields[key]) !== JSON.stringify(now[key]))
    .map((key) => FIELD_LABELS[key] ?? key)
  return { decidedAt: row.registration.decidedAt, fields }
}

/** The state in the screen's words (the filter's and the CSV's). */
export const STATE_WORDS: { readonly [K in RowState]: string } = {
  new: 'New',
  offered: 'Place offered',
  accepted: 'Offer accepted',
  'declined-by-family': 'Declined by the family',
  waitlisted: 'Waiting list',
  declined: 'Declined by the centre',
  withdrawn: 'Withdrawn',
  confirmed: 'Place confirmed',
}

/** '26 Nov 2026, 09:14' in the centre's time zone, wherever the device is; '' when unknown. */
export function formatWhen(ms: number | null): string {
  if (ms === null) return ''
  return dateFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: siteConfig.timeZone,
  }).format(ms)
}

/** '26 November 2026' in the centre's time zone; '' when unknown. */
export function formatDay(ms: number | null): string {
  if (ms === null) return ''
  return dateFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: siteConfig.timeZone,
  }).format(ms)
}

/** Makes every date format a card uses (dateFormat keeps them), so that the first page does not wait. */
export function prepareDateFormats(): void {
  formatWhen(0)
  formatDay(0)
  centreToday()
  formatStartDate('2027-01-04')
}

/** Today's date (YYYY-MM-DD) at the centre: the earliest start date a place may be confirmed from. */
export function centreToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateFormat('en-CA', {
    timeZone: siteConfig.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/**
 * A text that a spreadsheet would run as a formula, or read as a number: its first character other
 * than a space is = + - @ (or their full-width forms, which some spreadsheets also run), a tab or a
 * carriage return.
 */
const FORMULA_START = /^\p{Zs}*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/u

/**
 * One CSV field: always quoted (RFC 4180); a field that could start a formula gets a leading apostrophe,
 * and so does any part of it that could start a cell (guardInside): a parent's text never runs in the
 * centre's spreadsheet. `asText` also guards a value a spreadsheet would turn into a number (a phone
 * number, whose leading 0 would go).
 */
export function csvField(value: string, { asText = false } = {}): string {
  const guarded = FORMULA_START.test(value) || (asText && /^\p{Zs}*\d/u.test(value)) ? `'${value}` : value
  return `"${guardInside(guarded).replace(/"/g, '""')}"`
}

/**
 * Opened with another separator than the file's (';' where the locale's list separator is one, a tab),
 * a spreadsheet reads the quotes of every field after the first as text, so a ',' ';' tab or line break
 * inside a field starts a new cell there: what follows it is guarded as a field's start is.
 */
function guardInside(value: string): string {
  return value.replace(/([,;\t\n\r]\p{Zs}*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu, "$1'")
}

export const CSV_COLUMNS = [
  'Child name',
  'Age',
  'Gender',
  'Disability',
  'Plan',
  'Parent name',
  'Parent e-mail',
  'Parent phone',
  'Address',
  'Registered',
  'State',
  'Start date',
] as const

/**
 * The rows shown, as CSV in the screen's words and the centre's dates (CRLF line ends; the address's
 * line breaks stay inside its quoted field).
 */
export function registrationsCsv(rows: readonly RegistrationRow[]): string {
  const lines = rows.map((row) => {
    const { kid, registration } = row
    return [
      csvField(kid.kidName),
      csvField(kidAgeText(kid)),
      csvField(kid.kidGender),
      csvField(kid.disability ? 'Yes' : 'No'),
      csvField(kid.plan),
      csvField(kid.parentName),
      csvField(row.parentEmail ?? ''),
      csvField(kid.parentPhone, { asText: true }),
      csvField(kid.address),
      csvField(formatWhen(kid.savedAt)),
      csvField(STATE_WORDS[stateOf(row)]),
      csvField(registration?.startDate ? formatStartDate(registration.startDate) : ''),
    ].join(',')
  })
  return `${[CSV_COLUMNS.map((column) => csvField(column)).join(','), ...lines].join('\r\n')}\r\n`
}
