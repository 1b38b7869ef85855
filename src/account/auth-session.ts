// The signed-in state, shared by guards and screens. Loading it loads the backend (Firebase), so only
// parent-area routes may import this module; marketing pages never do.
import { useSyncExternalStore } from 'react'
import { getBackend } from '../shared/backend/backend'
import type { AuthUser } from '../shared/backend/backend-ports'

export type AuthState =
  | { readonly status: 'pending' }
  | { readonly status: 'signedOut' }
  | { readonly status: 'signedIn'; readonly user: AuthUser }

const PENDING: AuthState = { status: 'pending' }

let state: AuthState = PENDING
const listeners = new Set<() => void>()
// Waiters of waitForAuth() that must hear it when the backend cannot be loaded (say, offline before
// its code was ever cached), instead of waiting forever.
const loadFailureListeners = new Set<(error: unknown) => void>()
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
    (error: unknown) => {
      // The next caller tries again (getBackend() retries a failed load).
      started = false
      for (const listener of loadFailureListeners) listener(error)
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

/** Resolves with the user (or null) once the signed-in state is known; rejects if the backend cannot load. */
export function waitForAuth(): Promise<AuthUser | null> {
  const current = getAuthState()
  if (current.status !== 'pending')
    return Promise.resolve(current.status === 'signedIn' ? current.user : null)
  return new Promise((resolve, reject) => {
    const stop = () => {
      unsubscribe()
      loadFailureListeners.delete(fail)
    }
    const fail = (error: unknown) => {
      stop()
      reject(error)
    }
    const unsubscribe = subscribeAuthState(() => {
      if (state.status === 'pending') return
      stop()
      resolve(state.status === 'signedIn' ? state.user : null)
    })
    loadFailureListeners.add(fail)
  })
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, () => PENDING)
}

/** Tests only: forget the state so the next test starts from 'pending' with its own fake backend. */
export function resetAuthStateForTests(): void {
  state = PENDING
  started = false
  listeners.clear()
  loadFailureListeners.clear()
}
