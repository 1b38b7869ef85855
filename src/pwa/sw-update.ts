// Service worker registration and the 'new version ready' state, with workbox-window. The worker is
// registered after the page has loaded (it must not compete with the page's own downloads) and only in
// production builds (the dev server has no worker). The new worker waits (registerType 'prompt') until
// the parent presses Reload: nothing reloads a page on its own, so nobody loses what they typed.

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

/** Registers /sw.js once the page has loaded. */
export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const start = async () => {
    const { Workbox } = await import('workbox-window')
    const wb = new Workbox('/sw.js', { scope: '/' })
    wb.addEventListener('waiting', () => offerUpdate({ activateWaiting: () => wb.messageSkipWaiting() }))
    // Any change of controller (the first install claiming the page, or an update applied here or in
    // another tab): the page reloads only if its own Reload was pressed.
    wb.addEventListener('controlling', () => newWorkerControls(reload))
    await wb.register()
    // Parents keep the app open for days: look for a new version every hour.
    setInterval(() => void wb.update(), HOUR)
  }
  // A registration that fails (blocked by the browser or a test harness) must not become a page error.
  const startQuietly = () =>
    void start().catch((error: unknown) => console.warn('The service worker could not be registered', error))
  if (document.readyState === 'complete') startQuietly()
  else window.addEventListener('load', startQuietly, { once: true })
}
