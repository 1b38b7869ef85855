// The prerenderer's entry, built with `vite build --ssr` and run in Node at build time: it renders a
// marketing page to HTML with the same router and components the browser hydrates, and reads the page's
// title and description from the same route head() the browser shows.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { marketingHead } from '#marketing/page-meta'
import { documentTitle } from '#shared/config/document-title'
import { preloadDeferredSections } from '#shared/ui/defer-hydration'
import { lazyGuard } from './lazy-guard'
import { createAppRouter } from './router'

export { marketingPaths } from '#marketing/marketing-paths'
export { siteUrl } from '#marketing/page-meta'
export { siteConfig } from '#shared/config/site-config'
export { parentPainterScript } from './paint-parent-picture'
export { APP_ENTRY_META, appStarterScript } from './start-app'

export interface PageHead {
  readonly title: string
  readonly description: string
}

export interface RenderedPage extends PageHead {
  readonly html: string
  readonly statusCode: number
}

type HeadMeta = { readonly title?: string; readonly name?: string; readonly content?: string } | undefined

/** The title and description the matched routes' head() give (the deepest route wins, as in <HeadContent />). */
function headOf(metas: readonly HeadMeta[]): PageHead {
  let title = ''
  let description = ''
  for (const meta of metas) {
    if (meta?.title) title = meta.title
    if (meta?.name === 'description' && meta.content) description = meta.content
  }
  return { title, description }
}

/** The head of the app shell, which the browser replaces with each app route's own. */
export const shellHead: PageHead = {
  title: documentTitle(),
  description: headOf(marketingHead('/').meta).description,
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const router = createAppRouter(
    {
      parentArea: lazyGuard(() => Promise.reject(new Error('No parent page is prerendered'))),
      centreArea: lazyGuard(() => Promise.reject(new Error('No centre page is prerendered'))),
    },
    createMemoryHistory({ initialEntries: [url] }),
  )
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
  const head = headOf(router.state.matches.flatMap((match) => match.meta ?? []))
  return { html, statusCode: found ? 200 : 404, ...head }
}
