// An area's guard as the routes get it in the router's context (TanStack's authenticated-routes pattern:
// one beforeLoad on the area's layout route). The route tree is in every page's first load, so the guard
// itself is not: its code, and what it guards with (the signed-in state, the outbox, Firebase), load the
// first time a screen of its area opens (parent-guard.ts, centre-guard.ts). Once loaded it answers
// synchronously, so moving between the area's screens never shows a loader.
import { once } from '#shared/async/once'

/** The part of TanStack's location a guard reads. */
export interface GuardedLocation {
  readonly href: string
}

/** What an area's layout route asks: who may open `location`, with what (or a redirect thrown). */
export interface Guard<Context> {
  require(location: GuardedLocation): Context | Promise<Context>
}

export interface LazyGuard<Context, G extends Guard<Context>> extends Guard<Context> {
  /** The guard, once its code has loaded (null before). */
  readonly loaded: G | null
  /** Starts loading the guard before any route asks it (the app opened on one of its screens). */
  load(): Promise<G>
}

export function lazyGuard<Context, G extends Guard<Context>>(load: () => Promise<G>): LazyGuard<Context, G> {
  // Offline before the area's code was ever kept here: a later try may work.
  const guard = once(load)
  return {
    get loaded() {
      return guard.value
    },
    load: () => guard(),
    require(location) {
      if (guard.value) return guard.value.require(location)
      return guard().then((loaded) => loaded.require(location))
    },
  }
}
