// What the staff screens show, followed live for as long as the app runs: every child, every decision and
// every inquiry, from Firestore's cache first (so what was last seen shows offline). One store per
// CentrePort, made by the app layer's centre guard and handed to the screens through the router's context.
import { useSyncExternalStore } from 'react'
import type { CentrePort } from '#shared/backend/centre-ports'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration } from '#shared/records/registration-record'

export interface CentreState {
  /** undefined until the first answer (from the cache or the server). */
  readonly children: readonly StoredKid[] | undefined
  readonly registrations: ReadonlyMap<string, Registration>
  readonly inquiries: readonly StoredInquiry[] | undefined
  /** True while a list comes from this device only (offline, or the server has not answered yet). */
  readonly fromCache: boolean
  /** A list the server refused or could not give (the rules, a lost claim). */
  readonly failed: boolean
}

export interface CentreStore {
  readonly port: CentrePort
  getState(): CentreState
  subscribe(listener: () => void): () => void
  stop(): void
}

export function createCentreStore(port: CentrePort): CentreStore {
  let state: CentreState = {
    children: undefined,
    registrations: new Map(),
    inquiries: undefined,
    fromCache: true,
    failed: false,
  }
  let childrenCached = true
  let inquiriesCached = true
  const listeners = new Set<() => void>()
  const set = (next: Partial<CentreState>) => {
    state = { ...state, ...next, fromCache: childrenCached || inquiriesCached }
    for (const listener of listeners) listener()
  }
  const failed = (error: Error) => {
    console.warn("The centre's lists could not be loaded", error)
    set({ failed: true })
  }
  const stops = [
    port.watchChildren((seen) => {
      childrenCached = seen.fromCache
      set({ children: seen.items })
    }, failed),
    port.watchRegistrations((registrations) => set({ registrations }), failed),
    port.watchInquiries((seen) => {
      inquiriesCached = seen.fromCache
      set({ inquiries: seen.items })
    }, failed),
  ]
  return {
    port,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      for (const stop of stops) stop()
      listeners.clear()
    },
  }
}

export function useCentreState(store: CentreStore): CentreState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}

/** The inquiries nobody has marked handled yet (the number in the staff's navigation). */
export function unhandledCount(state: CentreState): number {
  return state.inquiries?.filter((inquiry) => !inquiry.handled).length ?? 0
}
