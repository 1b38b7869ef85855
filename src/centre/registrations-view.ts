// The registrations list as staff filter and search it, and its CSV export. Pure: unit-tested.
import { kidAgeText } from '#shared/records/kid-age'
import type { KidPlan, StoredKid } from '#shared/records/kid-record'
import { formatStartDate, type Registration } from '#shared/records/registration-record'

/** 'new': no decision yet. */
export type RegistrationFilterState = 'all' | 'new' | 'confirmed' | 'waitlisted'

export interface RegistrationRow {
  readonly kid: StoredKid
  readonly registration: Registration | null
}

export interface RegistrationFilter {
  readonly plan: KidPlan | 'all'
  readonly state: RegistrationFilterState
  readonly search: string
}

export const NO_FILTER: RegistrationFilter = { plan: 'all', state: 'all', search: '' }

export function stateOf(row: RegistrationRow): Exclude<RegistrationFilterState, 'all'> {
  return row.registration?.state ?? 'new'
}

/** Newest registration first (the list arrives so; kept if the order ever changes). */
export function registrationRows(
  children: readonly StoredKid[],
  registrations: ReadonlyMap<string, Registration>,
): RegistrationRow[] {
  return [...children]
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0))
    .map((kid) => ({ kid, registration: registrations.get(kid.id) ?? null }))
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
  const { registration } = row
  if (!registration) return 'New'
  return registration.state === 'confirmed'
    ? `Confirmed from ${formatStartDate(registration.startDate)}`
    : 'Waiting list'
}

/** '26 Nov 2026, 09:14' in the device's time zone; '' when unknown. */
export function formatWhen(ms: number | null): string {
  if (ms === null) return ''
  return new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe: a parent's text never runs in
 * the centre's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const CSV_COLUMNS = [
  'Child name',
  'Age',
  'Gender',
  'Disability',
  'Plan',
  'Parent name',
  'Parent phone',
  'Address',
  'Registered',
  'State',
  'Start date',
] as const

/** The rows shown, as CSV (CRLF line ends; the address's line breaks stay inside its quoted field). */
export function registrationsCsv(rows: readonly RegistrationRow[]): string {
  const lines = rows.map(({ kid, registration }) =>
    [
      kid.kidName,
      kidAgeText(kid),
      kid.kidGender,
      kid.disability ? 'Yes' : 'No',
      kid.plan,
      kid.parentName,
      kid.parentPhone,
      kid.address,
      kid.savedAt === null ? '' : new Date(kid.savedAt).toISOString(),
      registration?.state ?? 'new',
      registration?.state === 'confirmed' ? registration.startDate : '',
    ]
      .map(csvField)
      .join(','),
  )
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
}
