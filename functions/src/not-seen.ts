// 'Not here yet' (issue 51; docs/decisions/0073-a-childs-day-on-the-server.md): at the time the centre
// sets (centre/today { notSeenAt: 'HH:MM' }, 10:00 by default, the centre's clock), every child whose
// place is confirmed and has started (registrations/{kidId}: state 'confirmed', startDate on or before
// the day, as firestore.rules' placeStarted decides who may arrive), with no arrival and no 'Away today'
// that day, gets one notice to the parent: "We have not seen {child} today. Is everything all right?"
//
// Once per child per day: the notice's id is the child's and the day's. Once per day: a run that told
// the parents stores the day in centre/notSeenCheck, and the later runs of the schedule stop there. A
// day on which no child has arrived at all is not checked (a closed day, a holiday the schedule does
// not know, or a door that has not sent its morning yet): the next run checks again, so a door that
// comes online at 10:40 is checked at the run after it.
import { CENTRE_TIME_ZONE, centreDay } from '#shared/records/attendance-record'
import { dateFormat } from '#shared/records/registration-record'
import { deliverNotice, type NoticePorts } from './notices'

// The time and its bounds are the centre's setting (centre/today), shared with the Today screen.
export {
  DEFAULT_NOT_SEEN_AT,
  NOT_SEEN_EARLIEST,
  NOT_SEEN_LATEST,
  parseNotSeenAt,
} from '#shared/records/day-settings'

/** The centre's clock at `now`, 'HH:MM' (24 hours). */
export function centreClock(now: number, timeZone: string = CENTRE_TIME_ZONE): string {
  return dateFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now)
}

/** The parent's notice. */
export function notSeenText(kidName: string): string {
  return `We have not seen ${kidName.trim() || 'your child'} today. Is everything all right?`
}

/** Once per child per day. */
export function notSeenNoticeId(kidId: string, day: string): string {
  return `not-seen-${kidId}-${day}`
}

/** A child with a confirmed place, as the check needs it. */
export interface Place {
  readonly kidId: string
  /** The child's family now (kids/{kidId}.userRef). */
  readonly userRef: string
  readonly kidName: string
  /** The registration's start date (YYYY-MM-DD). */
  readonly startDate: string
}

/** What the centre knows of `day`: who arrived, who is reported away (not withdrawn). */
export interface DaySeen {
  readonly arrived: ReadonlySet<string>
  readonly away: ReadonlySet<string>
}

/** The children not seen on `day`: started by then, neither arrived nor reported away. Pure. */
export function childrenNotSeen(places: readonly Place[], day: string, seen: DaySeen): Place[] {
  return places.filter(
    (place) =>
      place.userRef !== '' &&
      place.startDate <= day &&
      !seen.arrived.has(place.kidId) &&
      !seen.away.has(place.kidId),
  )
}

export interface NotSeenStore {
  /** centre/today's time (parseNotSeenAt). */
  notSeenAt(): Promise<string>
  /** The day the check last told parents (centre/notSeenCheck), or null. */
  lastChecked(): Promise<string | null>
  markChecked(day: string, told: number, now: number): Promise<void>
  /** Children whose registration is confirmed, with a start date, and whose child record exists. */
  confirmedPlaces(): Promise<Place[]>
  /** Who arrived on `day` (attendance), who is reported away that day (tellTheCentre, not withdrawn). */
  seen(day: string): Promise<DaySeen>
}

export type NotSeenReport =
  | { readonly day: string; readonly status: 'not yet'; readonly at: string }
  | { readonly day: string; readonly status: 'checked already' }
  | { readonly day: string; readonly status: 'no arrivals yet' }
  | { readonly day: string; readonly status: 'checked'; readonly told: string[]; readonly expected: number }

/**
 * One run of the check at `now`: safe to run twice, and at any time (before the centre's time it does
 * nothing). `only` limits it to these children and leaves centre/notSeenCheck alone (a browser test runs
 * "the 10:00 check" on its own children, on an emulator other tests share).
 */
export async function runNotSeenCheck(
  store: NotSeenStore,
  notices: NoticePorts,
  now: number,
  only?: readonly string[],
): Promise<NotSeenReport> {
  const day = centreDay(now)
  const at = await store.notSeenAt()
  if (centreClock(now) < at) return { day, status: 'not yet', at }
  if (!only && (await store.lastChecked()) === day) return { day, status: 'checked already' }
  const seen = await store.seen(day)
  if (seen.arrived.size === 0) return { day, status: 'no arrivals yet' }
  const places = (await store.confirmedPlaces()).filter((place) => !only || only.includes(place.kidId))
  const expected = places.filter((place) => place.startDate <= day).length
  const told: string[] = []
  for (const place of childrenNotSeen(places, day, seen)) {
    await deliverNotice(
      place.userRef,
      notSeenNoticeId(place.kidId, day),
      { kidId: place.kidId, kidName: place.kidName, text: notSeenText(place.kidName) },
      notices,
      { email: false },
    )
    told.push(place.kidId)
  }
  if (!only) await store.markChecked(day, told.length, now)
  return { day, status: 'checked', told, expected }
}
