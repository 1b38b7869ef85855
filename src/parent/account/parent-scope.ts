// One parent's scope on this tab (docs/decisions/0080): made when the parent area lets a parent in,
// disposed when that parent is signed out (by their own hand, a refused session, a deleted account) or
// another signs in. It holds what the screens use for that parent: the backend (the one way a parent's
// screens reach the server), the outbox, the live sources (their children, their notices) and what
// else ends with the session (their picture of My Profile). "Sign-out leaves nothing on the screens"
// follows from disposal: nothing the scope made outlives it.

import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { AuthUser, Backend } from '#shared/backend/backend-ports'
import type { LiveSource } from '#shared/backend/live-source'

export class ParentScope {
  private readonly sources = new Map<string, LiveSource<object>>()
  private readonly kept = new Map<string, unknown>()
  private readonly disposers = new Set<() => void>()
  private ended = false

  constructor(
    readonly user: AuthUser,
    readonly outbox: OutboxRuntime,
  ) {}

  /** The backend, for the parent's screens: the one way they read, watch or ask the server. */
  get backend(): Backend {
    return this.outbox.backend
  }

  get disposed(): boolean {
    return this.ended
  }

  /** The live source under `key`: made on first use, shared by every screen, closed with the scope. */
  live<State extends object>(key: string, make: () => LiveSource<State>): LiveSource<State> {
    const known = this.sources.get(key)
    if (known) return known as unknown as LiveSource<State>
    const source = make()
    // A scope already disposed hands out a closed source: a screen still drawing after sign-out
    // follows nothing of the parent who left.
    if (this.ended) source.close()
    else this.sources.set(key, source as unknown as LiveSource<object>)
    return source
  }

  /** A value kept for the screens while the scope lives (the last outbox entries read). */
  remember<Value>(key: string, value: Value): void {
    if (!this.ended) this.kept.set(key, value)
  }

  recall<Value>(key: string): Value | undefined {
    return this.kept.get(key) as Value | undefined
  }

  /** Runs `dispose` when the scope ends (at once if it has ended). */
  onDispose(dispose: () => void): () => void {
    if (this.ended) {
      dispose()
      return () => undefined
    }
    this.disposers.add(dispose)
    return () => this.disposers.delete(dispose)
  }

  /** Ends the scope: every live source stops, every kept value and the parent's picture go. */
  dispose(): void {
    if (this.ended) return
    this.ended = true
    for (const source of this.sources.values()) source.close()
    this.sources.clear()
    this.kept.clear()
    for (const dispose of [...this.disposers]) {
      try {
        dispose()
      } catch (error) {
        console.warn('Part of the session could not be ended', error)
      }
    }
    this.disposers.clear()
  }
}

/**
 * The tab's one parent scope at a time: `for(user)` gives the signed-in parent's (a new one for another
 * parent, the former disposed first); `end()` disposes it. `prepare` runs on each new scope (the session
 * module registers the picture's removal there).
 */
export class ParentScopes {
  private scope: ParentScope | null = null

  constructor(
    private readonly outbox: OutboxRuntime,
    private readonly prepare: (scope: ParentScope) => void = () => undefined,
  ) {}

  for(user: AuthUser): ParentScope {
    if (this.scope && !this.scope.disposed && this.scope.user.uid === user.uid) return this.scope
    this.end()
    const scope = new ParentScope(user, this.outbox)
    this.prepare(scope)
    this.scope = scope
    return scope
  }

  /** The scope alive now, if any. */
  current(): ParentScope | null {
    return this.scope && !this.scope.disposed ? this.scope : null
  }

  end(): void {
    this.scope?.dispose()
    this.scope = null
  }
}
