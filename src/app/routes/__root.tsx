import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { SiteLayout } from '#app/root-layout'
import type { AppRouterContext } from '#app/router-context'
import { brandDescription, documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createRootRouteWithContext<AppRouterContext>()({
  // The brand alone, for any route that names no page of its own (the not-found page); its description
  // for every page without one (sign-in, sign-up and the parent area keep the app shell's).
  head: () => pageHead(documentTitle(), brandDescription()),
  component: SiteLayout,
  // Its own chunk: the root route is in every page's first load, and few visitors ever see this page.
  notFoundComponent: lazyRouteComponent(() => import('#marketing/not-found-page'), 'NotFoundPage'),
})
