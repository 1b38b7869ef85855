// The parent's notices and this device's push choice, live: from Firestore's cache first (offline too),
// then the server's; one listener per signed-in parent, shared by the bar and the section (notices-data.ts).
import { useSyncExternalStore } from 'react'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { type NoticesState, noticesOf } from './notices-data'

export function useNoticesState(userId: string): NoticesState {
  const source = noticesOf(userId)
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

export function useNotices(userId: string): NoticesSeen | null {
  return useNoticesState(userId).seen
}
