// Test helper: renders a component inside a small memory router, so <Link>s work and clicking one
// really navigates. Every site path gets a stub page with its own h1.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

const stubPaths = ['/', '/about', '/pricing', '/team', '/blog', '/blog/$postId', '/contact', '/profile']

export function renderInRouter(ui: ReactNode, { path = '/' }: { readonly path?: string } = {}) {
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <main id="main">
          <Outlet />
        </main>
      </>
    ),
  })
  const pages = stubPaths.map((p) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <h1>Page {p}</h1> }),
  )
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree: root.addChildren(pages), history })
  const view = render(<RouterProvider router={router as never} />)
  return { ...view, router, history }
}
