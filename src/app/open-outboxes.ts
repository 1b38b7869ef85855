// What start-outbox.ts loads when a hint says something waits: each outbox whose hint is there.
import { LEGACY_PENDING_KEY } from '#marketing/legacy-inquiries'
import { readOutboxHint } from '#parent/kids/outbox/outbox-hint'
import { hinted, JOBS_HINT_KEY } from '#shared/outbox/outbox-hint'

export function openOutboxes(): void {
  if (readOutboxHint() > 0)
    void import('#parent/kids/outbox/outbox-runtime').then((runtime) => runtime.startOutbox())
  // The outbox engine's jobs (so far Quick Inquire's messages), or an older version's messages.
  if (hinted(JOBS_HINT_KEY) || hinted(LEGACY_PENDING_KEY))
    void import('#marketing/inquiry-kind').then((inquiries) => inquiries.startInquiries())
}
