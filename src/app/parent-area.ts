// The parent area's guard (the pathless `_parent` layout route's beforeLoad), for /profile, /add-kid,
// /edit-kid/$kidId and /kid/$kidId, handed to the routes in the router's context (as TanStack's
// authenticated-routes example does). The route tree is in every page's first load, so this module is
// only the lazy shell: the guard and what it works with (parent-guard.ts): the signed-in state, the outbox (Dexie) and
// the backend (Firebase) load only when a parent screen is opened (docs/decisions/0004); after that it
// answers synchronously, so moving between parent screens never shows the sign-in loader.

import type { ComponentType } from 'react'
import type { AuthSession } from '#parent/account/auth-session'
import type { OutboxRuntime } from '#parent/kids/outbox/outbox-runtime'
import { once } from '#shared/async/once'
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

/** A part of the parent's screens, drawn for one parent. */
type ParentPart = ComponentType<{ readonly userId: string }>

/**
 * What the parent's screens draw besides the route's own page, loaded and filled in before the screen
 * shows (never drawn a moment after it, moving the page). The route files ask the guard for them, so
 * that their code and its chunk lists stay out of the route tree every page carries.
 */
export interface ParentParts {
  /** Every parent screen: the notices bar. */
  screen(userId: string): Promise<{ readonly NoticesBar: ParentPart }>
  /** My Profile: the children's first answers, and the Notices section. */
  profile(userId: string): Promise<{ readonly NoticesSection: ParentPart }>
}

/** The guard, once its code and what it guards with are loaded (parent-guard.ts makes it). */
export interface ParentGuard {
  readonly session: AuthSession
  readonly parts: ParentParts
  require(location: GuardedLocation): ParentContext | Promise<ParentContext>
}

export interface ParentArea {
  /** Whether the guard would answer at once, with nothing to load or wait for (then no loader is due). */
  knownAtOnce(): boolean
  require(location: GuardedLocation): ParentContext | Promise<ParentContext>
  readonly parts: ParentParts
}

export function createParentArea(load: () => Promise<ParentGuard>): ParentArea {
  // Offline before the parent area's code was ever kept here: a later try may work.
  const guard = once(load)
  return {
    knownAtOnce: () => !!guard.value && guard.value.session.getState().status !== 'pending',
    require(location) {
      if (guard.value) return guard.value.require(location)
      return guard().then((loaded) => loaded.require(location))
    },
    parts: {
      screen: (userId) => guard().then((loaded) => loaded.parts.screen(userId)),
      profile: (userId) => guard().then((loaded) => loaded.parts.profile(userId)),
    },
  }
}
