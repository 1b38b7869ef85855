// The one test harness for screens: renders the app's real router (routes, guard, root layout) at `path`
// in a memory history, against a backend of in-memory fakes and an outbox of its own (fake-indexeddb).
// Each render gets its own router context (parent area, signed-in state, outbox), as the app does.
// Test helper only: the app never imports it.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { cleanup, render } from '@testing-library/react'
import { toast } from 'sonner'
import { onTestFinished } from 'vitest'
import {
  type CentreContext,
  type CentreGuard,
  guardCentreArea,
  preloadCentreScreens,
} from '#app/centre-guard'
import { lazyGuard } from '#app/lazy-guard'
import { guardParentArea, type ParentContext, type ParentGuard } from '#app/parent-guard'
import { createAppRouter } from '#app/router'
import { createAuthSession } from '#parent/account/auth-session'
import type { ParentScopes } from '#parent/account/parent-scope'
import { followParentScopes, watchRefusedSession } from '#parent/account/parent-session'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { memoryPhotoCopies } from '#parent/outbox/photo-copies'
import { provideBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import { newRandomId } from '#shared/records/ids'

export interface RenderRouteOptions {
  readonly backend: Backend
  /** The outbox the parent area uses; by default a fresh one on `backend`, in a database of its own. */
  readonly outbox?: OutboxRuntime
}

export function renderRoute(path: string, { backend, outbox }: RenderRouteOptions) {
  // Screens outside the parent area (sign-in, sign-up) ask the backend themselves.
  provideBackend(() => Promise.resolve(backend))
  const runtime = outbox
    ? Promise.resolve(outbox)
    : createOutboxRuntime(backend, { dbName: `outbox-${newRandomId(8)}`, copies: memoryPhotoCopies() })
  // Torn down with the test that rendered, however its file is run: a hook at this module's top would
  // be registered only by the first file to import it when files share a module graph (vitest.config.ts).
  let scopes: ParentScopes | null = null
  onTestFinished(() => {
    scopes?.end()
    return tearDown(runtime)
  })
  const session = createAuthSession(() => Promise.resolve(backend))
  const parentArea = lazyGuard<ParentContext, ParentGuard>(async () => {
    const loaded = await runtime
    // Each render's own scopes, as each page load of the app has: nothing of an earlier test's parent.
    scopes = followParentScopes(session, loaded)
    watchRefusedSession(session, loaded, scopes, () => void router.invalidate())
    return guardParentArea(session, scopes)
  })
  const history = createMemoryHistory({ initialEntries: [path] })
  const centreArea = lazyGuard<CentreContext, CentreGuard>(async () =>
    guardCentreArea(
      session,
      () => Promise.resolve(backend),
      () => void router.invalidate(),
      (location) => preloadCentreScreens(router, location),
    ),
  )
  const router = createAppRouter({ parentArea, centreArea }, history)
  const view = render(<RouterProvider router={router} />)
  return { ...view, router, history, outbox: runtime, session }
}

/** Vitest runs this after the test's afterEach hooks (setup-tests.ts unmounts the screens there), so
 * the screens always go before the outbox they read: a screen still mounted when its database closed
 * wrote to it (a reply dismissed, a live query) and failed the run with an unhandled
 * DatabaseClosedError (CI, once). */
async function tearDown(pending: Promise<OutboxRuntime>): Promise<void> {
  cleanup()
  // sonner keeps its toasts in a module-level store and replays active ones to a new Toaster: one
  // test's toast must never satisfy the next test's assertion.
  toast.dismiss()
  const runtime = await pending
  runtime.sender.stop()
  // A test that failed half-way may have left a lane waiting for ever: do not wait on it long.
  await Promise.race([runtime.sender.idle(), new Promise((resolve) => setTimeout(resolve, 500))]).catch(
    () => undefined,
  )
  runtime.close()
}
