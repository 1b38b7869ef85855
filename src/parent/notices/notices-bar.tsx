// On every page of the parent area: the notices and how many are unread, with the same count on the
// installed app's icon where the browser has the Badging API (Chromium, Safari on installed web apps).
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { Notice } from '#shared/records/notice-record'
import { useNotices } from './notices-data'
import { NoticesStyles } from './notices-styles'

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/** The count on the app's icon (0 clears it); nothing where the browser has no badge. */
export function setAppBadge(count: number): void {
  const badging = navigator as BadgingNavigator
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.()
  done?.catch(() => undefined)
}

/**
 * How many are unread. (Here, not beside the record's schema: the adapter imports that module, and a
 * module both import would become a chunk the route tree every page carries must name.)
 */
export function unreadCount(notices: readonly Notice[]): number {
  return notices.filter((notice) => notice.readAt === null).length
}

export function NoticesBar() {
  const seen = useNotices()
  const unread = seen ? unreadCount(seen.notices) : 0
  useEffect(() => {
    if (seen) setAppBadge(unread)
  }, [seen, unread])
  return (
    <div className="notices-bar">
      <NoticesStyles />
      <Link to="/profile" hash="notices" className="notices-bar__link" data-unread={unread}>
        Notices{unread > 0 ? ' ' : null}
        {unread > 0 ? (
          <span className="notices-bar__count">
            {unread}
            <span className="visually-hidden"> unread</span>
          </span>
        ) : null}
      </Link>
    </div>
  )
}
