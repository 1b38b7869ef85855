// How long the records of a child whose place ended (declined by the centre, withdrawn, or an offer the
// family declined) are kept: centre/retention { days }, set by staff (firestore.rules: 30 to 3650 days),
// read by the scheduled function retention (functions/src/retention.ts; docs/decisions/0036-retention.md).
// The parent is told RETENTION_NOTICE_DAYS before, and the records go no sooner than that after the notice.

export const DEFAULT_RETENTION_DAYS = 180
export const MIN_RETENTION_DAYS = 30
export const MAX_RETENTION_DAYS = 3650
export const RETENTION_NOTICE_DAYS = 30

/** The stored period in days; a missing or unreadable one is the default. */
export function parseRetentionDays(data: unknown): number {
  const days = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).days : undefined
  return typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= MIN_RETENTION_DAYS &&
    days <= MAX_RETENTION_DAYS
    ? days
    : DEFAULT_RETENTION_DAYS
}

/** The fields firestore.rules accept, exactly. */
export function retentionFields(days: number): { days: number } {
  return { days }
}

/** What is wrong with the period staff typed (whole days, MIN to MAX), in the form's words; null: nothing. */
export function retentionDaysProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'Enter a number of days.'
  if (!/^\d+$/.test(trimmed)) return 'Enter whole days, as a number (for example 180).'
  const days = Number(trimmed)
  if (days < MIN_RETENTION_DAYS) return `Enter at least ${MIN_RETENTION_DAYS} days.`
  if (days > MAX_RETENTION_DAYS) return `Enter at most ${MAX_RETENTION_DAYS} days (about ten years).`
  return null
}
