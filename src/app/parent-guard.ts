// The parent area's guard, loaded with the parent area (never in a marketing page's first load): a
// signed-out visitor goes to /login and comes back after signing in; a signed-in parent, or one this
// device remembers (docs/decisions/0016), gets the user, the outbox and the signed-in state in the route
// context. It answers synchronously when the signed-in state is known.
import { redirect } from '@tanstack/react-router'
import type { AuthSession } from '#account/auth-session'
import type { OutboxRuntime } from '#kids/outbox/outbox-runtime'
import type { GuardedLocation, ParentGuard } from './parent-area'

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

export function guardParentArea(session: AuthSession, outbox: OutboxRuntime): ParentGuard {
  return {
    session,
    require(location) {
      const auth = session.getState()
      if (auth.status === 'signedIn') return { user: auth.user, outbox, session }
      if (auth.status === 'signedOut') toLogin(location)
      return session.waitForAuth().then((user) => {
        if (!user) toLogin(location)
        return { user, outbox, session }
      })
    },
  }
}
