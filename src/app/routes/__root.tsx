import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../../marketing/not-found-page'
import { documentTitle, pageHead } from '../../shared/config/document-title'
import { SiteLayout } from '../root-layout'

export const Route = createRootRoute({
  // The brand alone, for any route that names no page of its own (the not-found page).
  head: () => pageHead(documentTitle()),
  component: SiteLayout,
  notFoundComponent: NotFoundPage,
})
