// A child's age as the centre needs it: the parent enters years and months, the record keeps the month
// of birth ('YYYY-MM', kidBirthMonth) so the age stays right as the child grows, and every screen shows
// it with its unit: months up to two years ('18 months'), then years and months ('2 years 3 months').
// Records saved before (kidAge, free text such as '4' or '18 months') are shown exactly as written,
// never with a unit added. docs/decisions/0027-child-age.md. firestore.rules checks the same limits.

/** The oldest child the form takes, in whole years (the centre is a day care and baby care centre). */
export const KID_AGE_MAX_YEARS = 12

export const kidAgeMessages = {
  required: 'Please fill in Child Age',
  range: `Child Age: enter whole years from 0 to ${KID_AGE_MAX_YEARS} and months from 0 to 11`,
  birthMonth: 'Child Age is not a month of birth this form can save',
} as const

/** What the form's two boxes hold, as typed. */
export interface KidAgeInput {
  readonly years: string
  readonly months: string
}

const BIRTH_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Months since year 0 of a 'YYYY-MM' text, or null when it is not one. */
function monthIndex(birthMonth: string): number | null {
  const match = BIRTH_MONTH.exec(birthMonth)
  if (!match) return null
  return Number(match[1]) * 12 + Number(match[2]) - 1
}

function monthIndexOfDate(today: Date): number {
  return today.getFullYear() * 12 + today.getMonth()
}

function birthMonthText(index: number): string {
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

/** The month of birth of a child `years` and `months` old on `today`. */
export function birthMonthFor(years: number, months: number, today: Date): string {
  return birthMonthText(monthIndexOfDate(today) - (years * 12 + months))
}

/**
 * The child's age in whole months on `today` (0 for a month of birth after it: a device clock a little
 * behind), or null when the text is not a month of birth.
 */
export function ageInMonths(birthMonth: string, today: Date): number | null {
  const index = monthIndex(birthMonth)
  if (index === null) return null
  return Math.max(0, monthIndexOfDate(today) - index)
}

/**
 * Whether a month of birth may be saved on `today`: up to KID_AGE_MAX_YEARS years and 11 months ago, and
 * no later than next month (a device clock a little ahead). firestore.rules check the same.
 */
export function isSavableBirthMonth(birthMonth: string, today: Date): boolean {
  const index = monthIndex(birthMonth)
  if (index === null) return false
  const now = monthIndexOfDate(today)
  return index <= now + 1 && index >= now - (KID_AGE_MAX_YEARS * 12 + 11)
}

function unit(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`
}

/** An age in months with its unit: 'Under 1 month', '18 months', '2 years', '3 years 1 month'. */
export function formatAgeMonths(total: number): string {
  if (total < 1) return 'Under 1 month'
  if (total < 24) return unit(total, 'month')
  const years = Math.floor(total / 12)
  const months = total % 12
  return months === 0 ? unit(years, 'year') : `${unit(years, 'year')} ${unit(months, 'month')}`
}

/** What a record's age fields hold. */
export interface KidAgeFields {
  /** Free text of a record saved before ages had a form of their own ('' for a newer record). */
  readonly kidAge: string
  /** 'YYYY-MM', the month of birth ('' for an older record). */
  readonly kidBirthMonth: string
}

/** The age to show: from the month of birth with its unit, or an older record's text exactly as written. */
export function kidAgeText(fields: KidAgeFields, today: Date = new Date()): string {
  const months = fields.kidBirthMonth ? ageInMonths(fields.kidBirthMonth, today) : null
  return months === null ? fields.kidAge : formatAgeMonths(months)
}

/** The form's boxes for a stored month of birth (empty for none). */
export function ageInputOf(birthMonth: string, today: Date = new Date()): KidAgeInput {
  const months = birthMonth ? ageInMonths(birthMonth, today) : null
  if (months === null) return { years: '', months: '' }
  return { years: String(Math.floor(months / 12)), months: String(months % 12) }
}

const WHOLE = /^\d{1,3}$/

/**
 * Reads the form's boxes: nothing typed is `empty` (an older record's text then stays); one box left
 * empty counts as 0; otherwise whole numbers within the limits, or the message to show.
 */
export function readAgeInput(
  input: KidAgeInput,
  today: Date = new Date(),
):
  | { readonly kind: 'empty' }
  | { readonly kind: 'birthMonth'; readonly birthMonth: string }
  | { readonly kind: 'error'; readonly message: string } {
  const years = input.years.trim()
  const months = input.months.trim()
  if (years === '' && months === '') return { kind: 'empty' }
  if ((years !== '' && !WHOLE.test(years)) || (months !== '' && !WHOLE.test(months)))
    return { kind: 'error', message: kidAgeMessages.range }
  const y = years === '' ? 0 : Number(years)
  const m = months === '' ? 0 : Number(months)
  if (y > KID_AGE_MAX_YEARS || m > 11) return { kind: 'error', message: kidAgeMessages.range }
  return { kind: 'birthMonth', birthMonth: birthMonthFor(y, m, today) }
}
