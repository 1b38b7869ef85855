// What start-outbox.ts loads when a hint says something waits: the senders of what waits, and only those.
import { LEGACY_PENDING_KEY } from '#marketing/legacy-inquiries'
import { loadOutboxRuntime, readOutboxHint } from '#parent'
import { hinted, waitingJobKinds } from '#shared/outbox/outbox-hint'

/**
 * src/centre/today/door-hint.ts's key, and the kinds of job the door and Quick Inquire send, written here
 * rather than imported: an import would split those modules into chunks of their own, named in the list
 * of files every page's framework chunk carries (start-outbox.test.ts sees them equal to theirs).
 */
export const ATTENDANCE_HINT_KEY = 'sunbeam.attendance.pending'
export const DOOR_KIND = 'attendance'
export const VISITOR_KIND = 'inquiry'

export function openOutboxes(): void {
  const kinds = waitingJobKinds()
  const waits = (kind: string) => kinds === 'any' || kinds.has(kind)
  // The parent's outbox, whose runtime also registers the parents' kinds of job (replies) and binds the
  // signed-in account, without which a parent's jobs wait. Not for the door's jobs alone (decision 0090):
  // at 4x CPU its senders held a reopened Today back by 0.1 s.
  const parentJobs = kinds === 'any' || [...kinds].some((kind) => kind !== DOOR_KIND && kind !== VISITOR_KIND)
  if (readOutboxHint() > 0 || parentJobs) void loadOutboxRuntime().then((runtime) => runtime.startOutbox())
  // Quick Inquire's messages (a visitor's jobs), or an older version's messages.
  if (waits(VISITOR_KIND) || hinted(LEGACY_PENDING_KEY))
    void import('#marketing/inquiry-kind').then((inquiries) => inquiries.startInquiries())
  // A staff device's arrivals and collections left when the door's tab closed (decision 0078).
  if (hinted(ATTENDANCE_HINT_KEY))
    void import('#centre/today/door-start').then((door) => door.startDoorOutbox())
}
