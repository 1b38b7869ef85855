// navigator.onLine with its online/offline events, for useSyncExternalStore.
export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

export function isOnline(): boolean {
  return navigator.onLine
}

/** Prerendered pages are written as if online; the browser corrects it right after hydration. */
export function isOnlineOnServer(): boolean {
  return true
}
