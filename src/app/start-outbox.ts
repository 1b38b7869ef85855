// At start-up, the sender (Dexie and Firebase) is downloaded only when the outbox's hint says that a
// submission waits: a parent who queued a child offline gets it sent from whatever page they open next,
// and every other visitor's marketing page stays small.
import { readOutboxHint } from '#parent/kids/outbox/outbox-hint'

export function startOutboxIfPending(): void {
  if (readOutboxHint() === 0) return
  void import('#parent/kids/outbox/outbox-runtime').then((runtime) => runtime.startOutbox())
}
