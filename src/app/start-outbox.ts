// At start-up, the outboxes (Dexie, the backend) are downloaded only when a hint says that something
// waits: a parent who queued a child offline, or a visitor whose message could not be sent yet, gets it
// sent from whatever page they open next, and every other visitor's marketing page stays small. The
// entry only asks whether any such key is there (open-outboxes.ts tells them apart): the kids' outbox's
// hint (sunbeam.outbox.pending), the outbox engine's (sunbeam.jobs.pending, decision 0067) and an older
// version's Quick Inquire queue (sunbeam.inquiries.pending).
const PENDING = /^sunbeam\.\w+\.pending$/

export function startOutboxIfPending(): void {
  let waiting = false
  try {
    waiting = Object.keys(localStorage).some((key) => PENDING.test(key))
  } catch {
    // No storage (private mode): the outboxes start when a screen needs them.
  }
  if (waiting) void import('./open-outboxes').then((outboxes) => outboxes.openOutboxes())
}
