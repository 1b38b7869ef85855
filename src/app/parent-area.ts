// The parent area's one guard (the pathless `_parent` layout route's beforeLoad): a signed-out visitor
// goes to /login and comes back after signing in; a signed-in parent gets the user and the outbox in
// the router context of /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId. When both are already
// known it answers synchronously, so moving between parent screens never shows the sign-in loader.
import { redirect } from '@tanstack/react-router'
import { getAuthState, waitForAuth } from '../account/auth-session'
import { currentOutboxRuntime, getOutboxRuntime, type OutboxRuntime } from '../kids/outbox/outbox-runtime'
import type { AuthUser } from '../shared/backend/backend-ports'

export interface ParentContext {
  readonly user: AuthUser
  readonly outbox: OutboxRuntime
}

/** The part of TanStack's location the guard reads. */
export interface GuardedLocation {
  readonly href: string
}

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

export function requireParent(location: GuardedLocation): ParentContext | Promise<ParentContext> {
  const auth = getAuthState()
  const outbox = currentOutboxRuntime()
  if (auth.status === 'signedOut') toLogin(location)
  if (auth.status === 'signedIn' && outbox) return { user: auth.user, outbox }
  return (async () => {
    const user = await waitForAuth()
    if (!user) toLogin(location)
    return { user, outbox: await getOutboxRuntime() }
  })()
}
