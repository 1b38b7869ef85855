import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { getBackend, provideBackend } from '#shared/backend/backend'
import type { CentreContext, CentreGuard } from './centre-guard'
import { lazyGuard } from './lazy-guard'
import type { ParentContext, ParentGuard } from './parent-guard'
import { createAppRouter } from './router'
import { startOutboxIfPending } from './start-outbox'
import '#shared/ui/global.css'

// Firebase loads only when a screen asks getBackend(); marketing pages never download it.
// The centre's guard (its screens only): the door opened from the device holds Firebase back until
// Today has drawn its list (door-first.ts, decision 0092); its chunk not fetched, nothing is held.
const centreParts = () => import('./centre-guard')
provideBackend(async () => {
  if (location.pathname.startsWith('/centre/today'))
    await centreParts().then((parts) => parts.firebaseHeldForTheDoor(location.pathname), String)
  return (await import('#firebase/firebase-backend')).createFirebaseBackend()
})
startOutboxIfPending()
// Opened on the centre's screens: Firebase (its code, then its cache and Auth) starts now, not once the
// centre guard's chunk and its imports have loaded, which at 4x CPU was 0.3 s later (decision 0087).
if (location.pathname.startsWith('/centre')) getBackend().catch(() => undefined)

// Start-up in steps, each its own task: evaluating this module (React and the router), creating the
// router, loading the route, hydrating. One task for all of it held a phone's main thread for about
// 200 ms, during which a tap waited; between steps the browser can paint and answer input.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function startApp(rootElement: HTMLElement): Promise<void> {
  await nextTask()
  // What the parent area guards with loads only when a parent screen opens (never on marketing pages).
  const parentArea = lazyGuard<ParentContext, ParentGuard>(() =>
    import('./parent-guard').then((parts) => parts.loadParentAreaParts(router)),
  )
  // The same for the centre's screens (staff only), never loaded in the parent area.
  const centreArea = lazyGuard<CentreContext, CentreGuard>(() =>
    centreParts().then((parts) => parts.loadCentreAreaParts(router)),
  )
  const router = createAppRouter({ parentArea, centreArea })
  // Opened on the centre's screens (the installed app, a bookmark, a reload): their guard, Firebase and
  // the screens' code start now, not once the router has matched /centre, which at 4x CPU was half a
  // second later (npm run bench, the staff's cold open; decision 0069). Marketing pages load none of it.
  // (The parent area's guard, asked for by the router as soon as it starts, asks for its screen's code
  // itself: parent-guard.ts, decision 0085.)
  if (location.pathname.startsWith('/centre')) centreArea.load().catch(() => undefined)
  // A home-screen shortcut tapped while the installed app is open arrives here (its window is focused,
  // not reloaded). Only the installed app gets launches: a page in a browser tab loads none of this.
  if (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches)
    void import('#pwa/launch-queue').then(({ consumeLaunchQueue }) =>
      consumeLaunchQueue((href) => void router.navigate({ href })),
    )
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  if (!rootElement.firstElementChild) {
    // The app shell (login, profile, kids): nothing to hydrate.
    createRoot(rootElement).render(app)
    return
  }
  // A prerendered marketing page. The router renders like it did in the prerenderer (no Suspense
  // boundary around the matches, as after TanStack Start's SSR), and the route's lazily split code is
  // loaded first, so the first render matches the markup.
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a tap meanwhile hydrates its own section first).
  router.ssr = { manifest: undefined }
  await nextTask()
  await router.load()
  await nextTask()
  startTransition(() => void hydrateRoot(rootElement, app))
}

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')
// (No top-level await: the route's chunk imports modules this one shares, which would deadlock.)
void startApp(rootElement)
