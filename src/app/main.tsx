import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { provideBackend } from '../shared/backend/backend'
import { createAppRouter } from './router'
import { startOutboxIfPending } from './start-outbox'
import '../shared/ui/global.css'

// Firebase loads only when a screen asks getBackend(); marketing pages never download it.
provideBackend(() => import('../firebase/firebase-backend').then((m) => m.createFirebaseBackend()))
startOutboxIfPending()

const router = createAppRouter()
// A home-screen shortcut tapped while the installed app is open arrives here (its window is focused,
// not reloaded). Only the installed app gets launches: a page in a browser tab loads none of this.
if (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches)
  void import('../pwa/launch-queue').then(({ consumeLaunchQueue }) =>
    consumeLaunchQueue((href) => void router.navigate({ href })),
  )
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

if (rootElement.firstElementChild) {
  // A prerendered marketing page. The router renders like it did in the prerenderer (no Suspense
  // boundary around the matches, as after TanStack Start's SSR), and the route's lazily split code is
  // loaded first, so the first render matches the markup.
  // (No top-level await: the route's chunk imports modules this one shares, which would deadlock.)
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a tap meanwhile hydrates its own section first).
  router.ssr = { manifest: undefined }
  void router.load().then(() => startTransition(() => void hydrateRoot(rootElement, app)))
} else {
  // The app shell (login, profile, kids): nothing to hydrate.
  createRoot(rootElement).render(app)
}
