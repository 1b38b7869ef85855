// The prerenderer's entry, built with `vite build --ssr` and run in Node at build time: it renders a
// marketing page to HTML with the same router and components the browser hydrates.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { preloadDeferredSections } from '../shared/ui/defer-hydration'
import { createAppRouter } from './router'

export { marketingPaths, pageMeta, siteUrl } from '../marketing/page-meta'
export { siteConfig } from '../shared/config/site-config'

export interface RenderedPage {
  readonly html: string
  readonly statusCode: number
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }))
  // Loads the route's lazily split component, so the markup holds the page, not a Suspense fallback.
  await router.load()
  // ...and the sections whose hydration the page defers, so they are in the HTML too.
  await preloadDeferredSections()
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  // A page that is not found (say /blog/7) or failed to load must not be written as a marketing page.
  const found = router.state.matches.every((match) => match.status === 'success' && !match._notFound)
  return { html, statusCode: found ? 200 : 404 }
}
