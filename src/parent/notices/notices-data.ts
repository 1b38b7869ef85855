// The parent's notices and this device's push choice, read before a parent screen shows (the routes'
// loaders call prepareNotices) and kept in the parent's scope (account/parent-scope.ts), as
// kids-data.ts keeps the children. The 'Notices' bar and section then appear with the page, filled in:
// drawn a moment after it, they pushed 'Add your child' 290 px down under the parent's finger.
import { useSyncExternalStore } from 'react'
import type { ParentScope } from '#parent/account/parent-scope'
import { useParentScope } from '#parent/account/parent-scope-context'
import { LiveSource } from '#shared/backend/live-source'
import type { NoticesSeen, PushState } from '#shared/backend/notices-ports'
import { loadStylesheet } from '#shared/ui/stylesheet'
import noticesCssUrl from './notices.css?url'

export interface NoticesState {
  /** null until Firestore's first answer (from this device's cache or the server). */
  readonly seen: NoticesSeen | null
  /** null until this browser has said what it can do. */
  readonly push: PushState | null
}

/** The parent's notices and this device's push choice, followed for as long as their scope lives. */
export function noticesOf(scope: ParentScope): LiveSource<NoticesState> {
  return scope.live(
    'notices',
    () =>
      new LiveSource<NoticesState>(
        { seen: null, push: null },
        (set) => {
          const { backend, user } = scope
          const stop = backend.notices.watch(
            user.uid,
            (seen) => set({ seen }),
            (error) => console.warn('Notices could not be followed', error),
          )
          backend.push.state(user.uid).then(
            (push) => set({ push }),
            () => set({ push: 'unsupported' }),
          )
          return stop
        },
        (state) => state.seen !== null && state.push !== null,
      ),
  )
}

/**
 * Reads what the bar and the section show, with their stylesheet, before the screen shows: at once when
 * already known, else at most `ms` (then they show 'Loading your notices…' in their final place).
 */
export async function prepareNotices(scope: ParentScope, ms = 2500): Promise<void> {
  await Promise.all([noticesOf(scope).ready(ms), loadStylesheet(noticesCssUrl)])
}

/** The parent's notices and this device's push choice, live (one listener per parent, shared). */
export function useNoticesState(): NoticesState {
  const source = noticesOf(useParentScope())
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

/** The parent's notices, live: from Firestore's cache first (offline too), then the server's. */
export function useNotices(): NoticesSeen | null {
  return useNoticesState().seen
}
