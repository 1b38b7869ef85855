// The centre's guard (the `/centre` layout route's beforeLoad), for /centre and /centre/inquiries, handed
// to the routes in the router's context like the parent area's (parent-area.ts). This module is only the
// lazy shell every page carries: the guard, the signed-in state, the centre's adapter and its screens
// load only when /centre is opened, never on a marketing page or in the parent area (docs/decisions/0023).

import type { CentreStore } from '#centre/centre-store'
import { once } from '#shared/async/once'
import type { AuthUser } from '#shared/backend/backend-ports'
import type { GuardedLocation } from './parent-area'

/** What /centre renders with: the staff's lists, or only the fact that this account is not staff. */
export type CentreContext =
  | {
      readonly access: 'staff'
      readonly user: AuthUser
      readonly store: CentreStore
      /** A child's photo, read with the staff member's credentials (storage.rules lets staff read). */
      readonly downloadPhoto: (path: string) => Promise<Blob>
      readonly signOut: () => Promise<void>
    }
  | { readonly access: 'not-staff'; readonly user: AuthUser }

export interface CentreGuard {
  require(location: GuardedLocation): CentreContext | Promise<CentreContext>
}

export interface CentreArea {
  require(location: GuardedLocation): CentreContext | Promise<CentreContext>
}

export function createCentreArea(load: () => Promise<CentreGuard>): CentreArea {
  // Offline before the centre's code was ever kept here: a later try may work.
  const guard = once(load)
  return {
    require(location) {
      if (guard.value) return guard.value.require(location)
      return guard().then((loaded) => loaded.require(location))
    },
  }
}
