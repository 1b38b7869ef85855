import { once } from '#shared/async/once'
import type { Backend } from './backend-ports'

// The composition root (src/app/main.tsx) provides a loader that lazily imports the Firebase adapter;
// tests provide in-memory fakes. Nothing is loaded until a screen that needs the backend asks for it,
// which keeps Firebase out of the marketing pages.
// A failed load (say, a chunk that could not be fetched offline) is tried again at the next call.
let loader: (() => Promise<Backend>) | null = null

export function provideBackend(load: () => Promise<Backend>): void {
  loader = once(load)
}

export function getBackend(): Promise<Backend> {
  if (!loader) return Promise.reject(new Error('No backend provided: call provideBackend() first'))
  return loader()
}
