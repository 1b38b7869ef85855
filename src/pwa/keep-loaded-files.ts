// A parent's first page loads before the service worker controls it, so what it loaded then went past
// the worker. Once a worker takes control, the page hands it the app's files it loaded (Workbox's
// CACHE_URLS message, as workbox-window sends it, without that library's 2.2 kB): the worker keeps
// them as if it had served them (src/pwa/service-worker.ts; docs/decisions/0016).

/** The app's own files (hashed, under /assets/) among the resources a page loaded. */
export function loadedAppFiles(entries: readonly { readonly name: string }[], origin: string): string[] {
  const files = new Set<string>()
  for (const { name } of entries) {
    const url = new URL(name, origin)
    if (url.origin === origin && url.pathname.startsWith('/assets/')) files.add(url.href)
  }
  return [...files]
}

/** Hands the worker that now controls this page the app's files the page loaded before it did. */
export function keepFilesLoadedBefore(container: ServiceWorkerContainer): void {
  const urlsToCache = loadedAppFiles(performance.getEntriesByType('resource'), location.origin)
  if (urlsToCache.length > 0)
    container.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } })
}
