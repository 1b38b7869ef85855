// The service worker's entry. The worker is served at /sw.js, the address every installed copy has
// registered since the first version, and the build names its output after this file; the worker
// itself is service-worker.ts.
import './service-worker'
import { passOnOutboxSync } from '#shared/outbox/outbox-sync-worker'

declare const self: ServiceWorkerGlobalScope

// The outbox's Background Sync: the open pages are told to send what waits (decision 0067).
passOnOutboxSync(self)
