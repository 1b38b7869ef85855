import { createRootRoute, lazyRouteComponent } from '@tanstack/react-router'
import { documentTitle, pageHead } from '../../shared/config/document-title'
import { SiteLayout } from '../root-layout'

export const Route = createRootRoute({
  // The brand alone, for any route that names no page of its own (the not-found page).
  head: () => pageHead(documentTitle()),
  component: SiteLayout,
  // Its own chunk: the root route is in every page's first load, and few visitors ever see this page.
  notFoundComponent: lazyRouteComponent(() => import('../../marketing/not-found-page'), 'NotFoundPage'),
})
