// The service worker's part of the outbox's Background Sync (outbox-triggers.ts): the browser fires
// 'sync' once the device has a connection; the worker cannot send the jobs itself (they need the app's
// signed-in backend), so it tells every open page of the app to wake its outbox, and the event lasts
// until they have been told.
import { OUTBOX_SYNC_TAG } from './outbox-triggers'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

export function passOnOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync' as 'message', (event) => {
    const sync = event as unknown as SyncEvent
    if (sync.tag !== OUTBOX_SYNC_TAG) return
    sync.waitUntil(
      scope.clients.matchAll({ type: 'window' }).then((pages) => {
        for (const page of pages) page.postMessage(OUTBOX_SYNC_TAG)
      }),
    )
  })
}
