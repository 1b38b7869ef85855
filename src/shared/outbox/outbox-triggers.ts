// When the outbox looks again at jobs waiting for their backoff: the browser back online, the app
// visible again, and, where the browser has Background Sync, the service worker's 'sync' event (the
// browser fires it once the device has a connection, even if the app was in the background; the
// worker passes it on to the open pages as a message).
import type { OutboxEngine } from './outbox-engine'

/** The Background Sync tag the outbox registers, and the message the worker passes on. */
export const OUTBOX_SYNC_TAG = 'sunbeam-outbox'

interface SyncRegistration {
  readonly sync?: { register(tag: string): Promise<void> }
}

/** Asks the browser for a 'sync' event once the device is online (where it has Background Sync). */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & SyncRegistration)
      | undefined
    await registration?.sync?.register(OUTBOX_SYNC_TAG)
  } catch (error) {
    // Refused (no permission, a private window): online and visibility still wake the outbox.
    console.warn('Background Sync is not available here', error)
  }
}

/** Wakes the engine on every trigger; returns how to stop listening. */
export function watchTriggers(engine: Pick<OutboxEngine, 'wake'>): () => void {
  if (typeof window === 'undefined') return () => {}
  const wake = () => void engine.wake()
  const visible = () => {
    if (document.visibilityState === 'visible') wake()
  }
  const fromWorker = (message: MessageEvent<unknown>) => {
    if (message.data === OUTBOX_SYNC_TAG) wake()
  }
  window.addEventListener('online', wake)
  document.addEventListener('visibilitychange', visible)
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
  worker?.addEventListener('message', fromWorker)
  return () => {
    window.removeEventListener('online', wake)
    document.removeEventListener('visibilitychange', visible)
    worker?.removeEventListener('message', fromWorker)
  }
}
