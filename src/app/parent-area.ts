// The guard of the parent area (the pathless `_parent` layout route's beforeLoad), for /profile,
// /add-kid, /edit-kid/$kidId and /kid/$kidId. The route tree is in every page's first load, so the
// guard itself (parent-guard.ts) is loaded only when a parent screen is opened; after that it answers
// synchronously.
import type { OutboxRuntime } from '../kids/outbox/outbox-runtime'
import { getBackend } from '../shared/backend/backend'
import type { AuthUser } from '../shared/backend/backend-ports'

export interface ParentContext {
  readonly user: AuthUser
  readonly outbox: OutboxRuntime
}

/** The part of TanStack's location the guard reads. */
export interface GuardedLocation {
  readonly href: string
}

let guard: typeof import('./parent-guard') | null = null

/** Whether the guard would answer at once, with nothing to load or wait for (then no loader is due). */
export function parentAreaKnown(): boolean {
  return guard?.answersAtOnce() ?? false
}

export function requireParent(location: GuardedLocation): ParentContext | Promise<ParentContext> {
  if (guard) return guard.requireParent(location)
  // The backend (Firebase, the largest download) starts at once, beside the guard and the outbox,
  // instead of after them: a parent opening /profile in a new tab waits for one download, not three in
  // a row. A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  return import('./parent-guard').then((loaded) => {
    guard = loaded
    return loaded.requireParent(location)
  })
}
