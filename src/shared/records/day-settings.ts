// The centre's settings of a child's day (issue 51; docs/decisions/0078-the-register.md), in
// centre/today: `notSeenAt`, the centre's time ('HH:MM') after which a child with no arrival and no
// 'Away today' is listed first on Today and the parent is asked (functions/src/not-seen.ts), and
// `registerMonths`, how long the register (arrivals, collections and the parents' 'Tell the centre'
// messages) is kept before the scheduled function retention deletes a day's records. Staff read and set
// them (firestore.rules: the same bounds); the functions read them. Either may be missing: the default.

/** The time of the check when the centre has set none (issue 51). */
export const DEFAULT_NOT_SEEN_AT = '10:00'
/**
 * The times the schedule keeps: it runs every 10 minutes from 06:00 to 13:50 (functions/src/index.ts);
 * a stored time outside these bounds is read as the default.
 */
export const NOT_SEEN_EARLIEST = '06:00'
export const NOT_SEEN_LATEST = '13:50'

/** A year of the register unless the centre sets another period. */
export const DEFAULT_REGISTER_MONTHS = 12
/** At least the months the screen offers to download; at most ten years. */
export const MIN_REGISTER_MONTHS = 3
export const MAX_REGISTER_MONTHS = 120

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/

export interface DaySettings {
  /** 'HH:MM', NOT_SEEN_EARLIEST to NOT_SEEN_LATEST. */
  readonly notSeenAt: string
  /** Whole months, MIN_REGISTER_MONTHS to MAX_REGISTER_MONTHS. */
  readonly registerMonths: number
}

export const DEFAULT_DAY_SETTINGS: DaySettings = {
  notSeenAt: DEFAULT_NOT_SEEN_AT,
  registerMonths: DEFAULT_REGISTER_MONTHS,
}

export function isNotSeenTime(value: unknown): value is string {
  return (
    typeof value === 'string' && TIME.test(value) && value >= NOT_SEEN_EARLIEST && value <= NOT_SEEN_LATEST
  )
}

export function isRegisterMonths(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_REGISTER_MONTHS &&
    value <= MAX_REGISTER_MONTHS
  )
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined
}

/** centre/today's notSeenAt, or the default when missing or out of bounds. */
export function parseNotSeenAt(data: unknown): string {
  const value = field(data, 'notSeenAt')
  return isNotSeenTime(value) ? value : DEFAULT_NOT_SEEN_AT
}

/** centre/today's registerMonths, or the default when missing or out of bounds. */
export function parseRegisterMonths(data: unknown): number {
  const value = field(data, 'registerMonths')
  return isRegisterMonths(value) ? value : DEFAULT_REGISTER_MONTHS
}

export function parseDaySettings(data: unknown): DaySettings {
  return { notSeenAt: parseNotSeenAt(data), registerMonths: parseRegisterMonths(data) }
}

/** The fields firestore.rules accept (both, always: a save writes the whole document). */
export function daySettingsFields(settings: DaySettings): { notSeenAt: string; registerMonths: number } {
  return { notSeenAt: settings.notSeenAt, registerMonths: settings.registerMonths }
}

/** The times staff choose from: every 10 minutes the schedule runs, 06:00 to 13:50. */
export function notSeenTimes(): string[] {
  const times: string[] = []
  for (let minutes = 6 * 60; minutes <= 13 * 60 + 50; minutes += 10)
    times.push(
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    )
  return times
}

/** What is wrong with the months staff typed, in the form's words; null: nothing. */
export function registerMonthsProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'Enter a number of months.'
  if (!/^\d+$/.test(trimmed)) return 'Enter whole months, as a number (for example 12).'
  const months = Number(trimmed)
  if (months < MIN_REGISTER_MONTHS) return `Enter at least ${MIN_REGISTER_MONTHS} months.`
  if (months > MAX_REGISTER_MONTHS) return `Enter at most ${MAX_REGISTER_MONTHS} months (ten years).`
  return null
}

/** 'YYYY-MM' plus `months` (negative: back). */
export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (mon - 1) + months
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * The first day kept (YYYY-MM-DD) on `today` with a register of `months`: the same date `months`
 * back (the last day of a shorter month). Records of an earlier day go.
 */
export function registerKeptFrom(today: string, months: number): string {
  const month = addMonths(today.slice(0, 7), -months)
  const [year, mon] = month.split('-').map(Number) as [number, number]
  const lastDay = new Date(Date.UTC(year, mon, 0)).getUTCDate()
  const day = Math.min(Number(today.slice(8, 10)), lastDay)
  return `${month}-${String(day).padStart(2, '0')}`
}
