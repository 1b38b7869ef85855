// The service worker's entry. The worker is served at /sw.js, the address every installed copy has
// registered since the first version, and the build names its output after this file; the worker
// itself is service-worker.ts.
import './service-worker'
