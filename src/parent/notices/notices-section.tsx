// 'Notices' on My Profile: what the centre decided about the parent's children, newest first, live.
// Opening one marks it read and goes to the child's page. Push for this device is offered here, only on
// the parent's own tap (push-choice.tsx).
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import type { Backend } from '#shared/backend/backend-ports'
import { siteConfig } from '#shared/config/site-config'
import type { Notice } from '#shared/records/notice-record'
import { dateFormat } from '#shared/records/registration-record'
import { useNotices } from './notices-data'
import { NoticesStyles } from './notices-styles'
import { PushChoice } from './push-choice'

/** '27 Nov, 10:05', in the centre's time zone, as the parent lives it. */
function when(ms: number | null): string {
  if (ms === null) return 'just now'
  return dateFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: siteConfig.timeZone,
  }).format(ms)
}

function markRead(backend: Backend, userId: string, notice: Notice) {
  if (notice.readAt !== null) return
  void backend.notices
    .markRead(userId, notice.id)
    .catch((error: unknown) => console.warn('The notice could not be marked read', error))
}

export function NoticesSection() {
  const headingId = useId()
  const { backend, user } = useParentScope()
  const seen = useNotices()
  return (
    // Busy until the notices are known: the device's picture of My Profile is not taken meanwhile.
    <section
      id="notices"
      className="profile-card notices"
      aria-labelledby={headingId}
      aria-busy={seen === null}
    >
      <NoticesStyles />
      <div className="profile-card-head">
        <h2 id={headingId}>Notices</h2>
      </div>
      <PushChoice />
      {seen === null ? (
        <p className="notices__empty">Loading your notices…</p>
      ) : seen.notices.length === 0 ? (
        <p className="notices__empty">
          No notices yet. When the centre decides about one of your children, you will read it here.
        </p>
      ) : (
        <ul className="notices__list">
          {seen.notices.map((notice) => (
            <li key={notice.id} className="notices__item" data-unread={notice.readAt === null}>
              <Link
                to="/kid/$kidId"
                params={{ kidId: notice.kidId }}
                className="notices__link"
                onClick={() => markRead(backend, user.uid, notice)}
              >
                {notice.readAt === null ? <span className="notices__new">New</span> : null}
                <span className="notices__text">{notice.text}</span>
                <span className="notices__when">{when(notice.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
