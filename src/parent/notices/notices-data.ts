// The parent's notices and this device's push choice, read before a parent screen shows (the routes'
// loaders call prepareNotices) and kept for as long as the parent is signed in on this tab, as
// kids-data.ts keeps the children. The 'Notices' bar and section then appear with the page, filled in:
// drawn a moment after it, they pushed 'Add your child' 290 px down under the parent's finger.
import { useSyncExternalStore } from 'react'
import { getBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import { firstSnapshot } from '#shared/backend/first-snapshot'
import type { NoticesSeen, PushState } from '#shared/backend/notices-ports'
import { loadStylesheet } from '#shared/ui/stylesheet'
import noticesCssUrl from './notices.css?url'

export interface NoticesState {
  /** null until Firestore's first answer (from this device's cache or the server). */
  readonly seen: NoticesSeen | null
  /** null until this browser has said what it can do. */
  readonly push: PushState | null
}

class NoticesSource {
  private state: NoticesState = { seen: null, push: null }
  private readonly listeners = new Set<() => void>()
  private stop: (() => void) | null = null
  private closed = false

  constructor(backend: Promise<Backend>, userId: string) {
    void backend
      .then((backend) => {
        if (this.closed) return
        this.stop = backend.notices.watch(
          userId,
          (seen) => this.set({ seen }),
          (error) => console.warn('Notices could not be followed', error),
        )
        return backend.push.state(userId)
      })
      .then(
        (push) => push && this.set({ push }),
        () => this.set({ push: 'unsupported' }),
      )
  }

  private set(change: Partial<NoticesState>): void {
    if (this.closed) return
    this.state = { ...this.state, ...change }
    for (const listener of this.listeners) listener()
  }

  get = (): NoticesState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** After the parent's own choice on this device. */
  setPush(push: PushState): void {
    this.set({ push })
  }

  private known(): boolean {
    return this.state.seen !== null && this.state.push !== null
  }

  /** Resolves once both answers are in, or after `ms` (Firestore may wait long for an unreachable server). */
  async ready(ms: number): Promise<void> {
    if (this.known()) return
    await firstSnapshot<void>(
      (next) =>
        this.subscribe(() => {
          if (this.known()) next()
        }),
      ms,
      undefined,
    )
  }

  close(): void {
    this.closed = true
    this.stop?.()
    this.listeners.clear()
  }
}

const sources = new Map<string, { readonly backend: Promise<Backend>; readonly source: NoticesSource }>()

/** The parent's notices on this tab's backend (a new backend, as in tests, starts a new source). */
export function noticesOf(userId: string): NoticesSource {
  const backend = getBackend()
  const known = sources.get(userId)
  if (known?.backend === backend) return known.source
  known?.source.close()
  const source = new NoticesSource(backend, userId)
  sources.set(userId, { backend, source })
  return source
}

/**
 * Reads what the bar and the section show, with their stylesheet, before the screen shows: at once when
 * already known, else at most `ms` (then they show 'Loading your notices…' in their final place).
 */
export async function prepareNotices(userId: string, ms = 2500): Promise<void> {
  await Promise.all([noticesOf(userId).ready(ms), loadStylesheet(noticesCssUrl)])
}

/** Forgets every parent's notices held for the screens (sign-out, a refused session). */
export function forgetNotices(): void {
  for (const { source } of sources.values()) source.close()
  sources.clear()
}

/** The parent's notices and this device's push choice, live (one listener per parent, shared). */
export function useNoticesState(userId: string): NoticesState {
  const source = noticesOf(userId)
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

/** The parent's notices, live: from Firestore's cache first (offline too), then the server's. */
export function useNotices(userId: string): NoticesSeen | null {
  return useNoticesState(userId).seen
}
