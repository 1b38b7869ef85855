import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { RouteError } from './layout/route-error'
import { routeTree } from './routeTree.gen'

/** One router factory for the browser (default history) and the prerenderer (memory history). */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Inside the site's layout, in its words (TanStack's default replaces the whole page with its own).
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
