// The kids screens' data: the parent's outbox entries (live, from Dexie) and saved records (live, from
// Firestore's cache first). Both are kept in the parent's scope (account/parent-scope.ts), not per
// screen, so going back to 'Your Kids' shows the list at once instead of an empty frame while the data
// is read again. The profile route waits (briefly) for the first answers before it shows the page.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ParentScope } from '#parent/account/parent-scope'
import { useParentScope } from '#parent/account/parent-scope-context'
import type { Submission } from '#parent/outbox/outbox-db'
import { LiveSource } from '#shared/backend/live-source'
import type { StoredKid } from '#shared/records/kid-record'

export interface StoredKidsState {
  /** undefined until Firestore's first answer. */
  readonly kids: readonly StoredKid[] | undefined
  readonly failed: boolean
}

/** The parent's saved records, followed for as long as their scope lives (one listener, shared). */
function storedKidsOf(scope: ParentScope): LiveSource<StoredKidsState> {
  return scope.live(
    'stored-kids',
    () =>
      new LiveSource<StoredKidsState>(
        { kids: undefined, failed: false },
        (set, get) =>
          scope.backend.kids.watchKidsOf(
            scope.user.uid,
            (list) => set({ kids: list, failed: false }),
            (error) => {
              console.warn('Your children could not be loaded', error)
              set({ kids: get().kids ?? [], failed: true })
            },
          ),
        (state) => state.kids !== undefined,
      ),
  )
}

/** The key under which the scope keeps the last outbox entries read: a screen that opens again starts from them. */
const LAST_ENTRIES = 'outbox-entries'

/**
 * Reads what 'Your Kids' needs before the profile shows: the outbox at once, Firestore's records as
 * soon as it answers (at most `ms`: with a server that hangs it may wait long before it answers from
 * its cache). Afterwards the screens start from this data.
 */
export async function prepareKidsData(scope: ParentScope, ms = 2500): Promise<void> {
  const source = storedKidsOf(scope)
  const entries = await scope.outbox.outbox.list(scope.user.uid).catch(() => [])
  scope.remember(LAST_ENTRIES, entries)
  await source.ready(ms)
}

/** Whether the data of `prepareKidsData` is there already (then the profile needs no wait). */
export function kidsDataReady(scope: ParentScope): boolean {
  return scope.recall(LAST_ENTRIES) !== undefined && storedKidsOf(scope).isKnown()
}

/** The parent's outbox entries, live (undefined only before the first read ever). */
export function useOutboxEntries(userId: string): Submission[] | undefined {
  const scope = useParentScope()
  const { outbox } = scope.outbox
  const entries = useLiveQuery(
    () =>
      outbox.list(userId).catch((error: unknown) => {
        // A device whose storage fails to read still shows the saved records.
        console.warn('The outbox could not be read', error)
        return []
      }),
    [outbox, userId],
    scope.recall<Submission[]>(LAST_ENTRIES),
  )
  useEffect(() => {
    if (entries) scope.remember(LAST_ENTRIES, entries)
  }, [entries, scope])
  return entries
}

/** The parent's saved records, cache first (kids undefined until Firestore's first answer). */
export function useStoredKids(): StoredKidsState {
  const source = storedKidsOf(useParentScope())
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

/** One saved record, cache first: undefined while loading, null when missing, 'forbidden' when not yours. */
export function useStoredKid(kidId: string): StoredKid | null | 'forbidden' | undefined {
  const { backend } = useParentScope()
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
  const { backend, outbox } = useParentScope()
  return backend.kids.persistentCache && outbox.outbox.persistent
}
