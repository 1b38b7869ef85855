// The signed-in state, shared by guards and screens. Loading it loads the backend (Firebase), so only
// parent-area routes may import this module; marketing pages never do.
import { useSyncExternalStore } from 'react'
import { getBackend } from '../shared/backend/backend'
import type { AuthUser } from '../shared/backend/backend-ports'

export type AuthState =
  | { readonly status: 'pending' }
  | { readonly status: 'signedOut' }
  | { readonly status: 'signedIn'; readonly user: AuthUser }

let state: AuthState = { status: 'pending' }
const listeners = new Set<() => void>()
let started = false

function setState(next: AuthState) {
  state = next
  for (const listener of listeners) listener()
}

function start() {
  if (started) return
  started = true
  getBackend().then(
    (backend) => {
      backend.auth.onAuthChange((user) =>
        setState(user ? { status: 'signedIn', user } : { status: 'signedOut' }),
      )
    },
    () => {
      started = false
    },
  )
}

export function getAuthState(): AuthState {
  start()
  return state
}

export function subscribeAuthState(listener: () => void): () => void {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Resolves with the user (or null) once the signed-in state is known. */
export function waitForAuth(): Promise<AuthUser | null> {
  const current = getAuthState()
  if (current.status !== 'pending')
    return Promise.resolve(current.status === 'signedIn' ? current.user : null)
  return new Promise((resolve) => {
    const unsubscribe = subscribeAuthState(() => {
      if (state.status === 'pending') return
      unsubscribe()
      resolve(state.status === 'signedIn' ? state.user : null)
    })
  })
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, () => ({ status: 'pending' }) as const)
}
