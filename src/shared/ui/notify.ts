// Toasts (sonner) are loaded on the first message, not with every marketing page: the library and its
// styles are ~10 kB gzip that a visitor reading the home page never needs. sonner replays active
// toasts to a Toaster that subscribes late, so nothing shown before it mounts is lost.
import type { ExternalToast } from 'sonner'

export type NotifyKind = 'success' | 'error' | 'info' | 'warning'

type Listener = () => void
const listeners = new Set<Listener>()
let wanted = false

/** True once any toast was requested: the layout then mounts the Toaster. */
export function toasterWanted(): boolean {
  return wanted
}

export function onToasterWanted(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Closes every toast shown (a success then never sits above an error it answers). */
export function dismissToasts(): Promise<void> {
  if (!wanted) return Promise.resolve()
  return import('sonner').then(({ toast }) => {
    toast.dismiss()
  })
}

export function notify(kind: NotifyKind, message: string, options?: ExternalToast): Promise<void> {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return import('sonner').then(({ toast }) => {
    toast[kind](message, options)
  })
}
