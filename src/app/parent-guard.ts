// The parent area's guard, the one file of it loaded lazily (parent-area.ts is the shell every page
// carries), the first time a parent screen opens, never in a marketing page's first load:
// - loadParentAreaParts: the signed-in state and the outbox (Dexie), on the backend (Firebase), which
//   starts downloading at once beside them instead of after them (a parent opening /profile in a new tab
//   waits for one download, not three in a row). It also watches for a remembered session that the
//   server refuses (docs/decisions/0016), and asks the browser to keep the device's data once a child
//   waits in the outbox (0022);
// - guardParentArea: a signed-out visitor goes to /login and comes back after signing in; a signed-in
//   parent, or one this device remembers (0016), gets the user, the outbox and the signed-in state in the
//   route context. It answers synchronously when the signed-in state is known.
import { redirect } from '@tanstack/react-router'
import type { AuthSession } from '#parent/account/auth-session'
import type { OutboxRuntime } from '#parent/kids/outbox/outbox-runtime'
import { getBackend } from '#shared/backend/backend'
import type { GuardedLocation, ParentGuard, ParentParts } from './parent-area'

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

/** The parts of the parent's screens, with what they show read first (bounded: kids-data, notices-data). */
function parentParts(outbox: OutboxRuntime): ParentParts {
  return {
    async screen(userId) {
      const [{ NoticesBar }, { prepareNotices }] = await Promise.all([
        import('#parent/notices/notices-bar'),
        import('#parent/notices/notices-data'),
      ])
      await prepareNotices(userId)
      return { NoticesBar }
    },
    async profile(userId) {
      const [{ kidsDataReady, prepareKidsData }, { NoticesSection }] = await Promise.all([
        import('#parent/kids/kids-data'),
        import('#parent/notices/notices-section'),
      ])
      if (!kidsDataReady(outbox, userId)) await prepareKidsData(outbox, userId)
      return { NoticesSection }
    },
  }
}

export function guardParentArea(session: AuthSession, outbox: OutboxRuntime): ParentGuard {
  return {
    session,
    parts: parentParts(outbox),
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

export async function loadParentAreaParts(onSessionEnded: () => void): Promise<ParentGuard> {
  // A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  const [{ createAuthSession }, { getOutboxRuntime }, { keepDeviceDataWhenQueued, watchRefusedSession }] =
    await Promise.all([
      import('#parent/account/auth-session'),
      import('#parent/kids/outbox/outbox-runtime'),
      import('#parent/parent-session'),
    ])
  const session = createAuthSession(getBackend)
  const outbox = await getOutboxRuntime()
  watchRefusedSession(session, outbox, onSessionEnded)
  keepDeviceDataWhenQueued(outbox)
  return guardParentArea(session, outbox)
}
