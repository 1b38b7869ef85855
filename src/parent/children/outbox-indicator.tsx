// On every page of the parent area while something waits: how many children have a change still on
// this device, with a way to their status in 'Your Kids'.
import { Link } from '@tanstack/react-router'
import { isOpen } from '#parent/outbox/outbox-db'
import { useOutboxEntries } from './kids-data'

export function OutboxIndicator({ userId }: { readonly userId: string }) {
  const entries = useOutboxEntries(userId)
  const waiting = new Set(
    (entries ?? [])
      .filter((entry) => isOpen(entry) || (entry.kind === 'delete' && entry.state === 'queued'))
      .map((entry) => entry.kidId),
  )
  const failed = (entries ?? []).some((entry) => entry.state === 'failed')
  if (waiting.size === 0) return null
  const text =
    waiting.size === 1
      ? '1 child has changes waiting to upload'
      : `${waiting.size} children have changes waiting to upload`
  return (
    <div className={`outbox-indicator${failed ? ' outbox-indicator--failed' : ''}`} role="status">
      <span className="outbox-indicator__dot" aria-hidden="true" />
      <Link to="/profile" hash="your-kids">
        {failed ? `${text}; one needs you` : text}
      </Link>
    </div>
  )
}
