// One value the server keeps changing (a parent's children, their notices), followed once and shared by
// every screen that shows it, for as long as its owner (the parent's scope) keeps it: a screen that
// opens again starts from the last value instead of an empty frame. `useSyncExternalStore` reads it.
import { firstSnapshot } from './first-snapshot'

/** Starts following; calls `set` with each change of the state (`get` reads it), returns its stop function. */
export type Follow<State> = (set: (change: Partial<State>) => void, get: () => State) => () => void

export class LiveSource<State extends object> {
  private state: State
  private readonly listeners = new Set<() => void>()
  private readonly stop: () => void
  private closed = false

  /** `known` says when the state holds the first answers a screen waits for (see `ready`). */
  constructor(
    initial: State,
    follow: Follow<State>,
    private readonly known: (state: State) => boolean,
  ) {
    this.state = initial
    this.stop = follow((change) => this.set(change), this.get)
  }

  /** Changes the state from outside the follow (a choice the parent just made on this device). */
  set(change: Partial<State>): void {
    if (this.closed) return
    this.state = { ...this.state, ...change }
    for (const listener of this.listeners) listener()
  }

  get = (): State => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  isKnown(): boolean {
    return this.known(this.state)
  }

  /** Resolves once the state is known, or after `ms` (Firestore may wait long for an unreachable server). */
  async ready(ms: number): Promise<void> {
    if (this.isKnown()) return
    await firstSnapshot<void>(
      (next) =>
        this.subscribe(() => {
          if (this.isKnown()) next()
        }),
      ms,
      undefined,
    )
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Stops following; the state stays as it was, and nothing changes it any more. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.stop()
    this.listeners.clear()
  }
}
