// The parent area's guard (the pathless `_parent` layout route's beforeLoad), for /profile, /add-kid,
// /edit-kid/$kidId and /kid/$kidId, handed to the routes in the router's context (as TanStack's
// authenticated-routes example does): a signed-out visitor goes to /login and comes back after signing
// in; a signed-in parent, or one this device remembers (docs/decisions/0016), gets the user, the outbox
// and the signed-in state in the route context. The route tree is in every page's first load, so this
// module is small and what it guards with (the signed-in state, the outbox with Dexie, the backend with
// Firebase) loads only when a parent screen is opened (docs/decisions/0004); after that it answers
// synchronously, so moving between parent screens never shows the sign-in loader.
import { redirect } from '@tanstack/react-router'
import type { AuthSession } from '../account/auth-session'
import type { OutboxRuntime } from '../kids/outbox/outbox-runtime'
import type { AuthUser } from '../shared/backend/backend-ports'

export interface ParentContext {
  readonly user: AuthUser
  readonly outbox: OutboxRuntime
  readonly session: AuthSession
}

/** What the guard works with, loaded when a parent screen first opens. */
export interface ParentAreaParts {
  readonly session: AuthSession
  readonly outbox: OutboxRuntime
}

/** The part of TanStack's location the guard reads. */
export interface GuardedLocation {
  readonly href: string
}

export interface ParentArea {
  /** Whether the guard would answer at once, with nothing to load or wait for (then no loader is due). */
  knownAtOnce(): boolean
  require(location: GuardedLocation): ParentContext | Promise<ParentContext>
}

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

export function createParentArea(load: () => Promise<ParentAreaParts>): ParentArea {
  let parts: ParentAreaParts | null = null
  let loading: Promise<ParentAreaParts> | null = null
  const ensureLoaded = () => {
    loading ??= load().then(
      (loaded) => {
        parts = loaded
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
    knownAtOnce: () => !!parts && parts.session.getState().status !== 'pending',
    require(location) {
      const auth = parts?.session.getState()
      if (parts && auth?.status === 'signedIn')
        return { user: auth.user, outbox: parts.outbox, session: parts.session }
      if (auth?.status === 'signedOut') toLogin(location)
      return ensureLoaded().then(async ({ session, outbox }) => {
        const user = await session.waitForAuth()
        if (!user) toLogin(location)
        return { user, outbox, session }
      })
    },
  }
}
