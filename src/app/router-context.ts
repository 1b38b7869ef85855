// The router's context type, in a module of its own: the root route needs it, and the router imports
// the route tree, which imports the root route.
import type { CentreArea } from './centre-guard'
import type { ParentArea } from './parent-guard'

/** What every route can read from the router (TanStack's router context): made once per app. */
export interface AppRouterContext {
  /** The parent area's guard (/profile, /add-kid, /kid/…): loads nothing until a parent screen opens. */
  readonly parentArea: ParentArea
  /** The centre's guard (/centre, staff only): loads nothing until /centre opens. */
  readonly centreArea: CentreArea
}
