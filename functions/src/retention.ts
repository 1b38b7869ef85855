// Retention (issue 50; docs/decisions/0036-retention.md): the records of a child whose place ended —
// declined by the centre, withdrawn, or an offer the family declined — are deleted once the period the
// centre sets (centre/retention) has passed since that decision, the parent having been told
// RETENTION_NOTICE_DAYS before. Deleting kids/{kidId} is enough: kidDeleted then removes the photos, the
// registration with its replies, the enrolment file and its documents, and the child's day (attendance,
// 'Tell the centre', collection codes; decision 0073). Safe to run twice: the notice's id
// is the child's and its time is kept on the registration; deleting what is gone is no error.
import { RETENTION_NOTICE_DAYS } from '#shared/records/retention-settings'

const DAY_MS = 24 * 60 * 60 * 1000

/** A child whose place ended, as the schedule needs it. */
export interface EndedPlace {
  readonly kidId: string
  readonly userRef: string
  readonly kidName: string
  /** When the place ended (the decision's time, or the family's reply declining the offer), in ms. */
  readonly since: number
  /** When the parent was told (registrations/{kidId}.retentionNoticeAt), or null. */
  readonly noticeAt: number | null
}

export interface RetentionStore {
  /** The centre's period in days (parseRetentionDays). */
  periodDays(): Promise<number>
  ended(): Promise<EndedPlace[]>
  /** The parent's notice (once per child) and the registration's retentionNoticeAt (kept if set). */
  notify(place: EndedPlace, text: string, now: number): Promise<void>
  /** Deletes kids/{kidId} (kidDeleted does the rest), or the registration if the child is gone. */
  deleteChild(kidId: string): Promise<void>
}

export type RetentionStep = 'keep' | 'notify' | 'delete'

/** What to do with one ended place now: pure. */
export function planRetention(place: EndedPlace, days: number, now: number): RetentionStep {
  const deleteAt = place.since + days * DAY_MS
  if (place.noticeAt === null) return now >= deleteAt - RETENTION_NOTICE_DAYS * DAY_MS ? 'notify' : 'keep'
  // Never sooner than the notice's days after the notice, whatever the period became meanwhile.
  return now >= deleteAt && now >= place.noticeAt + RETENTION_NOTICE_DAYS * DAY_MS ? 'delete' : 'keep'
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
})

/** The parent's notice. */
export function retentionText(kidName: string, deleteOn: number): string {
  const name = kidName.trim() || 'Your child'
  return (
    `${name}'s place was not taken up, so ${name}'s records (the registration, the enrolment file, its ` +
    `documents and the photos) will be deleted on ${longDate.format(deleteOn)}. Delete them yourself ` +
    'sooner if you like, or contact the centre to register again.'
  )
}

export interface RetentionReport {
  readonly notified: string[]
  readonly deleted: string[]
}

export async function runRetention(store: RetentionStore, now: number): Promise<RetentionReport> {
  const days = await store.periodDays()
  const report: RetentionReport = { notified: [], deleted: [] }
  for (const place of await store.ended()) {
    const step = planRetention(place, days, now)
    if (step === 'notify') {
      const deleteOn = Math.max(place.since + days * DAY_MS, now + RETENTION_NOTICE_DAYS * DAY_MS)
      await store.notify(place, retentionText(place.kidName, deleteOn), now)
      report.notified.push(place.kidId)
    } else if (step === 'delete') {
      await store.deleteChild(place.kidId)
      report.deleted.push(place.kidId)
    }
  }
  return report
}
