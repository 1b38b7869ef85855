// The backend, for the screens of an area whose layout route has it (the parent area's, from its guard):
// a screen that reads or watches the server asks for it here, not through the outbox, which only
// queues the parent's own changes.
import { createContext, type ReactNode, useContext } from 'react'
import type { Backend } from './backend-ports'

const BackendContext = createContext<Backend | null>(null)

export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>
}

export function useBackend(): Backend {
  const backend = useContext(BackendContext)
  if (!backend)
    throw new Error('useBackend() is for screens inside an area that provides it (BackendProvider)')
  return backend
}
