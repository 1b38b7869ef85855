import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { RouteError } from './layout/route-error'
import type { AppRouterContext } from './router-context'
import { routeTree } from './routeTree.gen'

/** The sign-in loader's delay while the guard really checks the parent (docs/decisions/0014). */
const CHECKING_PENDING_MS = 200

/** One router factory for the browser (default history), the prerenderer and tests (memory history). */
export function createAppRouter(context: AppRouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Inside the site's layout, in its words (TanStack's default replaces the whole page with its own).
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
  })
  // Only the parent area has a pending component (the sign-in loader). The router reads this as it
  // decides, counting from the navigation's start: when the guard already knows the parent (after
  // sign-in and sign-up, which load the parent area first, or on a later visit) there is nothing to wait
  // for, yet a busy phone could pass 200 ms before the guard's instant answer and flash the loader (then
  // held for pendingMinMs, half a second). Read per router, from this router's own parent area.
  Object.defineProperty(router.options, 'defaultPendingMs', {
    configurable: true,
    enumerable: true,
    get: () => (context.parentArea.loaded?.knownAtOnce() ? Number.POSITIVE_INFINITY : CHECKING_PENDING_MS),
  })
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
