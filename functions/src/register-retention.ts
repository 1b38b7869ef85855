// The register's period (issue 51; docs/decisions/0078-the-register.md): the day records of children who
// stay (arrivals, collections, the parents' 'Tell the centre' messages) are deleted once their day is
// older than the months the centre sets (centre/today { registerMonths }, 12 by default). A child who
// leaves takes their day records with them sooner (kidDeleted, decision 0073). Run nightly with the
// retention of ended places; safe to run twice: the second run finds nothing before the day.
import { centreDay } from '#shared/records/attendance-record'
import { registerKeptFrom } from '#shared/records/day-settings'

export interface RegisterRetentionStore {
  /** centre/today's registerMonths (parseRegisterMonths). */
  registerMonths(): Promise<number>
  /** Deletes the day records of days before `day` (YYYY-MM-DD); how many went. */
  deleteDaysBefore(day: string): Promise<number>
}

export interface RegisterRetentionReport {
  /** The first day kept. */
  readonly keptFrom: string
  readonly deleted: number
}

export async function runRegisterRetention(
  store: RegisterRetentionStore,
  now: number,
): Promise<RegisterRetentionReport> {
  const keptFrom = registerKeptFrom(centreDay(now), await store.registerMonths())
  return { keptFrom, deleted: await store.deleteDaysBefore(keptFrom) }
}
