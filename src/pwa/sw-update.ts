// Service worker registration and the 'new version ready' state. The worker is registered after the
// page has loaded (it must not compete with the page's own downloads) and only in production builds
// (the dev server has no worker). The new worker waits (registerType 'prompt') until the parent presses
// Reload: nothing reloads a page on its own, so nobody loses what they typed. The Service Worker API
// directly, not workbox-window: the few lines below are all this needs, and that library would be
// 2.2 kB (gzip) more on every page (docs/decisions/0011-service-worker.md).

import { trustedScriptUrl } from '#shared/device/trusted-script-url'

type Listener = () => void

export interface UpdateControls {
  /** Tell the waiting worker to take over. */
  activateWaiting(): void
}

let waiting: UpdateControls | null = null
let reloadRequested = false
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while a new version is installed and waiting for the parent's Reload. */
export function updateWaiting(): boolean {
  return waiting !== null
}

/** A new worker is installed and waiting. */
export function offerUpdate(controls: UpdateControls): void {
  waiting = controls
  emit()
}

/** The parent pressed Reload: let the new worker take over; the page reloads once it controls it. */
export function applyUpdate(): void {
  if (!waiting) return
  reloadRequested = true
  waiting.activateWaiting()
}

/**
 * The new worker now controls this page. Only the tab whose Reload was pressed reloads: another tab
 * (perhaps with a half-filled form) keeps its page and goes on working with the new worker.
 */
export function newWorkerControls(reload: () => void): void {
  waiting = null
  emit()
  if (reloadRequested) {
    reloadRequested = false
    reload()
  }
}

/** For tests: forget any state. */
export function resetUpdateState(): void {
  waiting = null
  reloadRequested = false
  emit()
}

const HOUR = 60 * 60 * 1000
const SKIP_WAITING = { type: 'SKIP_WAITING' }

/**
 * How long a worker must stay installed before it counts as waiting. The first worker of all passes
 * through 'installed' too, on its way to taking over at once: that is not a new version.
 */
const SETTLE_MS = 200

/** Offers the version waiting in `registration`, if there is one (and it is still waiting). */
function offerIfWaiting(registration: ServiceWorkerRegistration, worker: ServiceWorker | null): void {
  if (!worker || registration.waiting !== worker || worker.state !== 'installed') return
  offerUpdate({ activateWaiting: () => registration.waiting?.postMessage(SKIP_WAITING) })
}

async function watchWorker(reload: () => void): Promise<void> {
  const container = navigator.serviceWorker
  // Any change of controller (the first install claiming the page, or an update applied here or in
  // another tab): the page reloads only if its own Reload was pressed.
  container.addEventListener('controllerchange', () => {
    // Its own chunk: a marketing page's first load carries none of it (the worker now serves the chunk).
    void import('./keep-loaded-files').then(({ keepFilesLoadedBefore }) => keepFilesLoadedBefore(container))
    newWorkerControls(reload)
  })
  // The worker's address is a Trusted Types sink: made by the site's one narrow policy.
  const registration = await container.register(trustedScriptUrl('/sw.js'), { scope: '/' })
  // A version installed during an earlier visit, or in another tab, may already wait.
  offerIfWaiting(registration, registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') setTimeout(() => offerIfWaiting(registration, worker), SETTLE_MS)
    })
  })
  // Parents keep the app open for days: look for a new version every hour.
  setInterval(() => void registration.update().catch(() => undefined), HOUR)
}

/**
 * Registers /sw.js once the page has loaded. The root element's data-worker-registration says when
 * that is over ('done' or 'failed'): it is the last work of a page's first load (tests and the audit
 * wait for it).
 */
export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const mark = (state: 'done' | 'failed') => {
    document.documentElement.dataset.workerRegistration = state
  }
  // A registration that fails (blocked by the browser or a test harness) must not become a page error.
  const start = () =>
    void watchWorker(reload).then(
      () => mark('done'),
      (error: unknown) => {
        mark('failed')
        console.warn('The service worker could not be registered', error)
      },
    )
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
