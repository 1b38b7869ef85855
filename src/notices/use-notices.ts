// The parent's notices, live: from Firestore's cache first (offline too), then the server's.
import { useEffect, useState } from 'react'
import { getBackend } from '#shared/backend/backend'
import type { NoticesSeen } from '#shared/backend/notices-ports'

export function useNotices(userId: string): NoticesSeen | null {
  const [seen, setSeen] = useState<NoticesSeen | null>(null)
  useEffect(() => {
    let stop: (() => void) | null = null
    let cancelled = false
    void getBackend().then((backend) => {
      if (cancelled) return
      stop = backend.notices.watch(userId, setSeen, (error) =>
        console.warn('Notices could not be followed', error),
      )
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [userId])
  return seen
}
