// The signed-in state, shared by the parent area's guard and its screens through the router's context
// (one per app, made by the app layer). Loading it loads the backend (Firebase), so only the parent area
// may use this module; marketing pages never do.
import { useSyncExternalStore } from 'react'
import type { AuthUser, Backend } from '#shared/backend/backend-ports'

export type AuthState =
  | { readonly status: 'pending' }
  /** ended: the session of this remembered parent was refused by the server (deleted, disabled, new password). */
  | { readonly status: 'signedOut'; readonly ended?: AuthUser }
  /**
   * confirmed: false while the parent is only remembered by this device and Auth has not yet checked
   * the session with the server (docs/decisions/0016-open-from-what-the-device-knows.md): the screens
   * show what the device knows, and nothing is sent for the parent until it is confirmed.
   */
  | { readonly status: 'signedIn'; readonly user: AuthUser; readonly confirmed: boolean }

export interface AuthSession {
  getState(): AuthState
  subscribe(listener: () => void): () => void
  /** Resolves with the user (or null) once the signed-in state is known; rejects if the backend cannot load. */
  waitForAuth(): Promise<AuthUser | null>
}

const PENDING: AuthState = { status: 'pending' }

/** The signed-in state on the backend `getBackend` loads (it is asked again after a failed load). */
export function createAuthSession(getBackend: () => Promise<Backend>): AuthSession {
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
        // A parent this device remembers is let in at once; Auth's check with the server follows.
        const remembered = backend.auth.rememberedUser()
        if (remembered && state.status === 'pending')
          setState({ status: 'signedIn', user: remembered, confirmed: false })
        backend.auth.onAuthChange((user) => {
          if (user) {
            setState({ status: 'signedIn', user, confirmed: true })
            return
          }
          const refused = backend.auth.sessionRefused()
          setState(refused ? { status: 'signedOut', ended: refused } : { status: 'signedOut' })
        })
      },
      (error: unknown) => {
        // The next caller tries again (getBackend() retries a failed load).
        started = false
        for (const listener of loadFailureListeners) listener(error)
      },
    )
  }

  const session: AuthSession = {
    getState() {
      start()
      return state
    },
    subscribe(listener) {
      start()
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    waitForAuth() {
      const current = session.getState()
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
        const unsubscribe = session.subscribe(() => {
          if (state.status === 'pending') return
          stop()
          resolve(state.status === 'signedIn' ? state.user : null)
        })
        loadFailureListeners.add(fail)
      })
    },
  }
  return session
}

export function useAuthState(session: AuthSession): AuthState {
  return useSyncExternalStore(session.subscribe, session.getState, () => PENDING)
}
