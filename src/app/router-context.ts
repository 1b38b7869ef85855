// The router's context type, in a module of its own: the root route needs it, and the router imports
// the route tree, which imports the root route.
import type { CentreArea } from './centre-area'
import type { ParentArea } from './parent-area'

/** What every route can read from the router (TanStack's router context): made once per app. */
export interface AppRouterContext {
  readonly parentArea: ParentArea
  /** The centre's guard (/centre, staff only): loads nothing until /centre opens. */
  readonly centreArea: CentreArea
}
