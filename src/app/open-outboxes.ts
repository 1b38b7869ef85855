// What start-outbox.ts loads when a hint says something waits: each outbox whose hint is there.
import { LEGACY_PENDING_KEY } from '#marketing/legacy-inquiries'
import { loadOutboxRuntime, readOutboxHint } from '#parent'
import { hinted, JOBS_HINT_KEY } from '#shared/outbox/outbox-hint'

/**
 * src/centre/today/door-hint.ts's key, written here rather than imported: an import would split that
 * module into a chunk of its own, named in the list of files every page's framework chunk carries
 * (start-outbox.test.ts writes it through door-hint.ts and sees it read here).
 */
const ATTENDANCE_HINT_KEY = 'sunbeam.attendance.pending'

export function openOutboxes(): void {
  const jobs = hinted(JOBS_HINT_KEY)
  // The parent's outbox, whose runtime also registers the parents' kinds of job (replies) and binds the
  // signed-in account, without which a parent's jobs wait.
  if (readOutboxHint() > 0 || jobs) void loadOutboxRuntime().then((runtime) => runtime.startOutbox())
  // Quick Inquire's messages (a visitor's jobs), or an older version's messages.
  if (jobs || hinted(LEGACY_PENDING_KEY))
    void import('#marketing/inquiry-kind').then((inquiries) => inquiries.startInquiries())
  // A staff device's arrivals and collections left when the door's tab closed (decision 0078).
  if (hinted(ATTENDANCE_HINT_KEY))
    void import('#centre/today/door-start').then((door) => door.startDoorOutbox())
}
