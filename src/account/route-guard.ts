// The guard of the parent area (/profile, /add-kid, /edit-kid/$kidId, /kid/$kidId), for a route's
// beforeLoad. Pair it with `pendingComponent: AuthPendingLoader` and `pendingMs: 0` so the loader shows
// while the signed-in state is pending:
//
//   createFileRoute('/profile')({
//     beforeLoad: ({ location }) => requireSignedIn(location),
//     pendingComponent: AuthPendingLoader,
//     pendingMs: 0,
//     component: ...,
//   })
//
// Inside the route, `Route.useRouteContext().user` is the signed-in user.
import { redirect } from '@tanstack/react-router'
import type { AuthUser } from '../shared/backend/backend-ports'
import { waitForAuth } from './auth-session'

export { AuthPendingLoader } from './auth-pending'

/** The part of TanStack's location the guard reads. */
export interface GuardedLocation {
  readonly href: string
}

/** Sends a signed-out visitor to /login?redirect=<where they were>; otherwise adds `user` to the context. */
export async function requireSignedIn(location: GuardedLocation): Promise<{ user: AuthUser }> {
  const user = await waitForAuth()
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } })
  return { user }
}
