// The parent area's guard: the `_parent` layout route's beforeLoad, for /profile, /add-kid,
// /edit-kid/$kidId and /kid/$kidId, handed to the routes in the router's context (lazy-guard.ts). It loads
// the first time a parent screen opens, never in a marketing page's first load:
// - loadParentAreaParts: the signed-in state and the outbox (Dexie), on the backend (Firebase), which
//   starts downloading at once beside them instead of after them (a parent opening /profile in a new tab
//   waits for one download, not three in a row), and the code of the screen it opens on (0085). It also watches for a remembered session that the
//   server refuses (docs/decisions/0016), and asks the browser to keep the device's data once a child
//   waits in the outbox (0022);
// - guardParentArea: a signed-out visitor goes to /login and comes back after signing in; a signed-in
//   parent, or one this device remembers (0016), gets the user, their scope (the backend, the outbox,
//   the live sources: docs/decisions/0080), the signed-in state and the screens' parts in the route
//   context. It answers synchronously when the signed-in state is known.
import { type AnyRouter, redirect } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import {
  type AuthSession,
  loadAuthSession,
  loadKidsData,
  loadNoticesBar,
  loadNoticesData,
  loadNoticesSection,
  loadOutboxRuntime,
  loadParentSession,
  type ParentScope,
  type ParentScopes,
} from '#parent'
import { getBackend } from '#shared/backend/backend'
import type { AuthUser } from '#shared/backend/backend-ports'
import type { Guard, GuardedLocation, LazyGuard } from './lazy-guard'

/** A part of the parent's screens, drawn for the parent of the scope it is in. */
type ParentPart = ComponentType

/**
 * What the parent's screens draw besides the route's own page, loaded and filled in before the screen
 * shows (never drawn a moment after it, moving the page). Through the guard, so that their code and its
 * chunk lists stay out of the route tree every page carries.
 */
export interface ParentParts {
  /** Every parent screen: the notices bar. */
  screen(scope: ParentScope): Promise<{ readonly NoticesBar: ParentPart }>
  /** The add form: the children known on this device (the parent's name and phone from the last). */
  kids(scope: ParentScope): Promise<void>
  /** My Profile: the children's first answers, and the Notices section. */
  profile(scope: ParentScope): Promise<{ readonly NoticesSection: ParentPart }>
}

/** What the parent area's routes get in their context. */
export interface ParentContext {
  readonly user: AuthUser
  /** The parent's scope: what their screens use, disposed at sign-out. */
  readonly scope: ParentScope
  readonly session: AuthSession
  readonly parts: ParentParts
}

export interface ParentGuard extends Guard<ParentContext> {
  /** Whether it answers at once, with nothing to wait for (then no loader is due, router.tsx). */
  knownAtOnce(): boolean
}

/** The router context's handle on it (main.tsx makes it). */
export type ParentArea = LazyGuard<ParentContext, ParentGuard>

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

/** The parts of the parent's screens, with what they show read first (bounded: kids-data, notices-data). */
const parentParts: ParentParts = {
  async screen(scope) {
    const [{ NoticesBar }, { prepareNotices }] = await Promise.all([loadNoticesBar(), loadNoticesData()])
    await prepareNotices(scope)
    return { NoticesBar }
  },
  async kids(scope) {
    const { kidsDataReady, prepareKidsData } = await loadKidsData()
    if (!kidsDataReady(scope)) await prepareKidsData(scope)
  },
  async profile(scope) {
    const [{ kidsDataReady, prepareKidsData }, { NoticesSection }] = await Promise.all([
      loadKidsData(),
      loadNoticesSection(),
    ])
    if (!kidsDataReady(scope)) await prepareKidsData(scope)
    return { NoticesSection }
  },
}

export function guardParentArea(session: AuthSession, scopes: ParentScopes): ParentGuard {
  const parts = parentParts
  return {
    knownAtOnce: () => session.getState().status !== 'pending',
    require(location) {
      const auth = session.getState()
      if (auth.status === 'signedIn') return { user: auth.user, scope: scopes.for(auth.user), session, parts }
      if (auth.status === 'signedOut') toLogin(location)
      return session.waitForAuth().then((user) => {
        if (!user) toLogin(location)
        return { user, scope: scopes.for(user), session, parts }
      })
    },
  }
}

/** The router, as far as the parent area's guard uses it (any router, as in centre-guard.ts). */
export type ParentRouter = Pick<AnyRouter, 'invalidate' | 'loadRouteChunk' | 'getMatchedRoutes'>

/**
 * The code of the parent screen at `pathname` (the layout route's, the screen's, and that of the parts
 * their loaders read with), asked for while the guard finds out who this is. The router loads a route's
 * code only once every beforeLoad has resolved (decision 0069): on a returning parent's cold start at
 * 4x CPU that was once Firebase, the signed-in state and the outbox had started, 1.2 s later than
 * this (decision 0085). Code only, no data. Nothing for a path outside the parent area.
 */
export function preloadParentScreen(router: ParentRouter, pathname: string): void {
  const routes = router.getMatchedRoutes(pathname)[0].filter((route) => route.id.startsWith('/_parent'))
  if (routes.length === 0) return
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined)
  // The parts the loaders read with (parentParts): every screen's notices bar, My Profile's list and
  // section, the add form's list. Failures are the loaders' to report.
  const parts: Promise<unknown>[] = [loadNoticesBar(), loadNoticesData()]
  const screen = routes[routes.length - 1]?.id
  if (screen === '/_parent/profile') parts.push(loadKidsData(), loadNoticesSection())
  if (screen === '/_parent/add-kid') parts.push(loadKidsData())
  for (const part of parts) part.catch(() => undefined)
}

export async function loadParentAreaParts(
  router: ParentRouter,
  pathname: string = globalThis.location?.pathname ?? '/',
): Promise<ParentGuard> {
  // A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  // Loaded as a parent screen first opens (its first beforeLoad): that screen's code is asked for now.
  preloadParentScreen(router, pathname)
  const [
    { createAuthSession },
    { getOutboxRuntime },
    { followParentScopes, keepDeviceDataWhenQueued, watchRefusedSession },
  ] = await Promise.all([loadAuthSession(), loadOutboxRuntime(), loadParentSession()])
  const session = createAuthSession(getBackend)
  const outbox = await getOutboxRuntime()
  const scopes = followParentScopes(session, outbox)
  watchRefusedSession(session, outbox, scopes, () => void router.invalidate())
  keepDeviceDataWhenQueued(outbox)
  return guardParentArea(session, scopes)
}
