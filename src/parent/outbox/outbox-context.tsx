// The parent area's outbox, for every kids screen below the parent-area layout route (which creates it
// before any of them renders, so it is never null there).
import { createContext, type ReactNode, useContext } from 'react'
import type { OutboxRuntime } from './outbox-runtime'

const OutboxContext = createContext<OutboxRuntime | null>(null)

export function OutboxProvider({ runtime, children }: { runtime: OutboxRuntime; children: ReactNode }) {
  return <OutboxContext.Provider value={runtime}>{children}</OutboxContext.Provider>
}

export function useOutbox(): OutboxRuntime {
  const runtime = useContext(OutboxContext)
  if (!runtime) throw new Error('useOutbox() is for screens inside the parent area (OutboxProvider)')
  return runtime
}
