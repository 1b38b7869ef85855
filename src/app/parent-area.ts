// The parent area's guard (the pathless `_parent` layout route's beforeLoad), for /profile, /add-kid,
// /edit-kid/$kidId and /kid/$kidId, handed to the routes in the router's context (as TanStack's
// authenticated-routes example does). The route tree is in every page's first load, so this module is
// only the lazy shell: the guard itself (parent-guard.ts), the signed-in state, the outbox (Dexie) and
// the backend (Firebase) load only when a parent screen is opened (docs/decisions/0004); after that it
// answers synchronously, so moving between parent screens never shows the sign-in loader.
import type { AuthSession } from '#account/auth-session'
import type { OutboxRuntime } from '#kids/outbox/outbox-runtime'
import type { AuthUser } from '#shared/backend/backend-ports'

export interface ParentContext {
  readonly user: AuthUser
  readonly outbox: OutboxRuntime
  readonly session: AuthSession
}

/** The part of TanStack's location the guard reads. */
export interface GuardedLocation {
  readonly href: string
}

/** The guard, once its code and what it guards with are loaded (parent-guard.ts makes it). */
export interface ParentGuard {
  readonly session: AuthSession
  require(location: GuardedLocation): ParentContext | Promise<ParentContext>
}

export interface ParentArea {
  /** Whether the guard would answer at once, with nothing to load or wait for (then no loader is due). */
  knownAtOnce(): boolean
  require(location: GuardedLocation): ParentContext | Promise<ParentContext>
}

export function createParentArea(load: () => Promise<ParentGuard>): ParentArea {
  let guard: ParentGuard | null = null
  let loading: Promise<ParentGuard> | null = null
  const ensureLoaded = () => {
    loading ??= load().then(
      (loaded) => {
        guard = loaded
        return loaded
      },
      (error: unknown) => {
        // Offline before the parent area's code was ever kept here: a later try may work.
        loading = null
        throw error
      },
    )
    return loading
  }
  return {
    knownAtOnce: () => !!guard && guard.session.getState().status !== 'pending',
    require(location) {
      if (guard) return guard.require(location)
      return ensureLoaded().then((loaded) => loaded.require(location))
    },
  }
}
