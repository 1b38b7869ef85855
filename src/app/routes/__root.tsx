import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../../marketing/not-found-page'
import { SiteLayout } from '../root-layout'

export const Route = createRootRoute({
  component: SiteLayout,
  notFoundComponent: NotFoundPage,
})
