// Renders the real account route files (/login, /signup, /sign-in, /profile) in a memory router, with
// the site's real toaster, against a fake backend. Test helper only.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach } from 'vitest'
import { Route as LoginRoute } from '../../app/routes/login'
import { Route as ProfileRoute } from '../../app/routes/profile'
import { Route as SignInRoute } from '../../app/routes/sign-in'
import { Route as SignupRoute } from '../../app/routes/signup'
import { provideBackend } from '../../shared/backend/backend'
import type { Backend } from '../../shared/backend/backend-ports'
import { LazyToaster } from '../../shared/ui/lazy-toaster'
import { resetAuthStateForTests } from '../auth-session'

export function renderAccountRoutes(path: string, backend: Backend) {
  resetAuthStateForTests()
  provideBackend(() => Promise.resolve(backend))
  const root = createRootRoute({
    component: () => (
      <>
        <main>
          <Outlet />
        </main>
        <LazyToaster />
      </>
    ),
  })
  const page = (p: string, title: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <h1>{title}</h1> })
  const tree = root.addChildren([
    page('/', 'Home page'),
    page('/add-kid', 'Add Your Child Info'),
    LoginRoute.update({ id: '/login', path: '/login', getParentRoute: () => root } as never),
    SignupRoute.update({ id: '/signup', path: '/signup', getParentRoute: () => root } as never),
    SignInRoute.update({ id: '/sign-in', path: '/sign-in', getParentRoute: () => root } as never),
    ProfileRoute.update({ id: '/profile', path: '/profile', getParentRoute: () => root } as never),
  ])
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree: tree, history })
  const view = render(<RouterProvider router={router as never} />)
  return { ...view, router, history }
}

// sonner keeps its toasts in a module-level store and replays active ones to a new Toaster; dismiss them
// after each test so one test's toast can never satisfy the next test's assertion.
afterEach(() => {
  toast.dismiss()
})
