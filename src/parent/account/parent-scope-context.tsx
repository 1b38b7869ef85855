// The signed-in parent's scope (parent-scope.ts), for every screen below the parent area's layout route,
// which provides it before any of them renders: the screens' one way to the server, the outbox and the
// live sources.
import { createContext, type ReactNode, useContext } from 'react'
import type { ParentScope } from './parent-scope'

const ParentScopeContext = createContext<ParentScope | null>(null)

export function ParentScopeProvider({ scope, children }: { scope: ParentScope; children: ReactNode }) {
  return <ParentScopeContext.Provider value={scope}>{children}</ParentScopeContext.Provider>
}

export function useParentScope(): ParentScope {
  const scope = useContext(ParentScopeContext)
  if (!scope) throw new Error('useParentScope() is for screens inside the parent area (ParentScopeProvider)')
  return scope
}
