// The kids screens' data: the parent's outbox entries (live, from Dexie) and saved records (live, from
// Firestore's cache first). Both are kept per parent for as long as the parent is signed in, not per
// screen, so going back to 'Your Kids' shows the list at once instead of an empty frame while the data
// is read again. The profile route waits (briefly) for the first answers before it shows the page.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { Submission } from '#parent/outbox/outbox-db'
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { firstSnapshot } from '#shared/backend/first-snapshot'
import type { KidsPort } from '#shared/backend/kids-ports'
import type { StoredKid } from '#shared/records/kid-record'

export interface StoredKidsState {
  /** undefined until Firestore's first answer. */
  readonly kids: readonly StoredKid[] | undefined
  readonly failed: boolean
}

/** A parent's saved records, followed for as long as the parent is signed in on this tab. */
class StoredKidsSource {
  private state: StoredKidsState = { kids: undefined, failed: false }
  private readonly listeners = new Set<() => void>()
  private readonly stop: () => void

  constructor(kids: KidsPort, userId: string) {
    this.stop = kids.watchKidsOf(
      userId,
      (list) => this.set({ kids: list, failed: false }),
      (error) => {
        console.warn('Your children could not be loaded', error)
        this.set({ kids: this.state.kids ?? [], failed: true })
      },
    )
  }

  private set(next: StoredKidsState): void {
    this.state = next
    for (const listener of this.listeners) listener()
  }

  get = (): StoredKidsState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Resolves at Firestore's first answer, or after `ms` (it may wait for an unreachable server). */
  async ready(ms: number): Promise<void> {
    if (this.state.kids) return
    await firstSnapshot<void>(
      (next) =>
        this.subscribe(() => {
          if (this.state.kids) next()
        }),
      ms,
      undefined,
    )
  }

  close(): void {
    this.stop()
    this.listeners.clear()
  }
}

const sources = new Map<string, { readonly kids: KidsPort; readonly source: StoredKidsSource }>()
/** The last outbox entries read per parent: a screen that opens again starts from them. */
const lastEntries = new Map<string, Submission[]>()

function storedKidsOf(kids: KidsPort, userId: string): StoredKidsSource {
  const known = sources.get(userId)
  if (known?.kids === kids) return known.source
  known?.source.close()
  const source = new StoredKidsSource(kids, userId)
  sources.set(userId, { kids, source })
  return source
}

/** Forgets every parent's data held for the screens (sign-out). */
export function forgetKidsData(): void {
  for (const { source } of sources.values()) source.close()
  sources.clear()
  lastEntries.clear()
}

/**
 * Reads what 'Your Kids' needs before the profile shows: the outbox at once, Firestore's records as
 * soon as it answers (at most `ms`: with a server that hangs it may wait long before it answers from
 * its cache). Afterwards the screens start from this data.
 */
export async function prepareKidsData(runtime: OutboxRuntime, userId: string, ms = 2500): Promise<void> {
  const source = storedKidsOf(runtime.backend.kids, userId)
  const entries = await runtime.outbox.list(userId).catch(() => [])
  lastEntries.set(userId, entries)
  await source.ready(ms)
}

/** Whether the data of `prepareKidsData` is there already (then the profile needs no wait). */
export function kidsDataReady(runtime: OutboxRuntime, userId: string): boolean {
  const known = sources.get(userId)
  return (
    known?.kids === runtime.backend.kids && lastEntries.has(userId) && known.source.get().kids !== undefined
  )
}

/** The parent's outbox entries, live (undefined only before the first read ever). */
export function useOutboxEntries(userId: string): Submission[] | undefined {
  const { outbox } = useOutbox()
  const entries = useLiveQuery(
    () =>
      outbox.list(userId).catch((error: unknown) => {
        // A device whose storage fails to read still shows the saved records.
        console.warn('The outbox could not be read', error)
        return []
      }),
    [outbox, userId],
    lastEntries.get(userId),
  )
  useEffect(() => {
    if (entries) lastEntries.set(userId, entries)
  }, [entries, userId])
  return entries
}

/** The parent's saved records, cache first (kids undefined until Firestore's first answer). */
export function useStoredKids(userId: string): StoredKidsState {
  const runtime = useOutbox()
  const source = storedKidsOf(runtime.backend.kids, userId)
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

/** One saved record, cache first: undefined while loading, null when missing, 'forbidden' when not yours. */
export function useStoredKid(kidId: string): StoredKid | null | 'forbidden' | undefined {
  const { backend } = useOutbox()
  const [kid, setKid] = useState<StoredKid | null | 'forbidden' | undefined>(undefined)
  useEffect(() => {
    setKid(undefined)
    return backend.kids.watchKid(kidId, (snapshot) =>
      setKid(snapshot === 'forbidden' ? 'forbidden' : snapshot.kid),
    )
  }, [backend, kidId])
  return kid
}

/** Whether this device keeps the parent's data between sessions (false in some private modes). */
export function useKeptOnDevice(): boolean {
  const { backend, outbox } = useOutbox()
  return backend.kids.persistentCache && outbox.persistent
}
