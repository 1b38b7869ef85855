// What the kids screens show: a parent's saved records (Firestore, cache first) merged with what still
// waits in the outbox on this device. A child with unsent changes shows those changes, marked as waiting
// (or failed); a child being deleted is hidden at once.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { getBackend } from '../shared/backend/backend'
import type { KidFields, StoredKid } from '../shared/records/kid-record'
import { kidFieldsOf } from '../shared/records/kid-record'
import { useOutbox } from './outbox/outbox-context'
import type { Submission } from './outbox/outbox-store'

/** A photo to show: a download address, or bytes still on this device (an object URL is made for it). */
export type PhotoRef =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'device'; readonly photoId: string }

/** saved: Firestore has it. waiting: queued on this device. failed: stopped, the parent decides. */
export type KidStatus = 'saved' | 'waiting' | 'failed'

export interface KidView {
  readonly id: string
  readonly userRef: string
  readonly fields: KidFields
  readonly photos: readonly PhotoRef[]
  readonly status: KidStatus
  /** The outbox entry holding this child's unsent changes. */
  readonly submissionId: string | null
  readonly error: string | null
  /** The record as Firestore has it (null while only queued). */
  readonly stored: StoredKid | null
}

function isOpen(entry: Submission): boolean {
  return entry.kind !== 'delete' && (entry.state === 'queued' || entry.state === 'failed')
}

function viewOfEntry(entry: Submission, stored: StoredKid | null): KidView {
  const photos: PhotoRef[] =
    entry.photos.length > 0
      ? entry.photos.map((photo) => ({ kind: 'device', photoId: photo.id }))
      : entry.keptUrls.map((url) => ({ kind: 'url', url }))
  return {
    id: entry.kidId,
    userRef: entry.userId,
    fields: entry.fields ?? (stored ? kidFieldsOf(stored) : kidFieldsOf(emptyFields)),
    photos,
    status: entry.state === 'failed' ? 'failed' : 'waiting',
    submissionId: entry.id,
    error: entry.error,
    stored,
  }
}

const emptyFields: KidFields = {
  kidName: '',
  kidAge: '',
  kidGender: 'Male',
  disability: false,
  parentName: '',
  parentAge: '',
  parentPhone: '',
  address: '',
  plan: 'Monthly',
}

export function viewOfStored(kid: StoredKid): KidView {
  return {
    id: kid.id,
    userRef: kid.userRef,
    fields: kidFieldsOf(kid),
    photos: kid.imgUrls.map((url) => ({ kind: 'url', url })),
    status: 'saved',
    submissionId: null,
    error: null,
    stored: kid,
  }
}

/** The 'Your Kids' list: newest first, queued-only children on top. */
export function mergeKids(stored: readonly StoredKid[], entries: readonly Submission[]): KidView[] {
  const deleting = new Set(entries.filter((entry) => entry.kind === 'delete').map((entry) => entry.kidId))
  const open = new Map<string, Submission>()
  for (const entry of entries) if (isOpen(entry)) open.set(entry.kidId, entry)
  const storedIds = new Set(stored.map((kid) => kid.id))
  const queuedOnly = [...open.values()]
    .filter((entry) => !storedIds.has(entry.kidId) && !deleting.has(entry.kidId))
    .sort((a, b) => b.seq - a.seq)
    .map((entry) => viewOfEntry(entry, null))
  const saved = stored
    .filter((kid) => !deleting.has(kid.id))
    .map((kid) => {
      const entry = open.get(kid.id)
      return entry ? viewOfEntry(entry, kid) : viewOfStored(kid)
    })
  return [...queuedOnly, ...saved]
}

export type KidLookup =
  | { readonly state: 'loading' }
  | { readonly state: 'missing' }
  | { readonly state: 'notYours' }
  | { readonly state: 'ready'; readonly kid: KidView }

/** One child for the detail and edit screens. `stored`: undefined while Firestore has not answered. */
export function lookupKid(
  kidId: string,
  userId: string,
  stored: StoredKid | null | 'forbidden' | undefined,
  entries: readonly Submission[] | undefined,
): KidLookup {
  if (!entries) return { state: 'loading' }
  const mine = entries.filter((entry) => entry.kidId === kidId)
  if (mine.some((entry) => entry.kind === 'delete')) return { state: 'missing' }
  const open = mine.find(isOpen)
  // A queued child is shown from the device at once, even while Firestore (offline) has not answered.
  if (open) return { state: 'ready', kid: viewOfEntry(open, typeof stored === 'object' ? stored : null) }
  if (stored === undefined) return { state: 'loading' }
  if (stored === null) return { state: 'missing' }
  if (stored === 'forbidden') return { state: 'notYours' }
  if (stored.userRef !== userId) return { state: 'notYours' }
  return { state: 'ready', kid: viewOfStored(stored) }
}

/** The parent's outbox entries, live (undefined while the first read is on its way). */
export function useOutboxEntries(userId: string): Submission[] | undefined {
  const { outbox } = useOutbox()
  return useLiveQuery(
    () =>
      outbox.list(userId).catch((error: unknown) => {
        // A device whose storage fails to read still shows the saved records.
        console.warn('The outbox could not be read', error)
        return []
      }),
    [outbox, userId],
  )
}

/** The parent's saved records, cache first (undefined while loading). */
export function useStoredKids(userId: string): { kids: readonly StoredKid[] | undefined; failed: boolean } {
  const [state, setState] = useState<{ kids: readonly StoredKid[] | undefined; failed: boolean }>({
    kids: undefined,
    failed: false,
  })
  useEffect(() => {
    let unsubscribe: (() => void) | null = null
    let live = true
    const failed = (error: unknown) => {
      console.warn('Your children could not be loaded', error)
      if (live) setState((previous) => ({ kids: previous.kids ?? [], failed: true }))
    }
    getBackend()
      .then(({ kids }) => {
        if (!live) return
        unsubscribe = kids.watchKidsOf(userId, (list) => setState({ kids: list, failed: false }), failed)
      })
      .catch(failed)
    return () => {
      live = false
      unsubscribe?.()
    }
  }, [userId])
  return state
}

/** One saved record, cache first: undefined while loading, null when missing, 'forbidden' when not yours. */
export function useStoredKid(kidId: string): StoredKid | null | 'forbidden' | undefined {
  const [kid, setKid] = useState<StoredKid | null | 'forbidden' | undefined>(undefined)
  useEffect(() => {
    let unsubscribe: (() => void) | null = null
    let live = true
    setKid(undefined)
    getBackend()
      .then(({ kids }) => {
        if (live) unsubscribe = kids.watchKid(kidId, setKid)
      })
      .catch((error: unknown) => {
        console.warn('The child could not be loaded', error)
        if (live) setKid(null)
      })
    return () => {
      live = false
      unsubscribe?.()
    }
  }, [kidId])
  return kid
}

/** Whether records are kept on this device between sessions (false in private browsing). */
export function usePersistentCache(): boolean {
  const [persistent, setPersistent] = useState(true)
  useEffect(() => {
    let live = true
    getBackend()
      .then(({ kids }) => {
        if (live) setPersistent(kids.persistentCache)
      })
      .catch(() => undefined) // no backend yet: assume the usual persistent cache, say nothing
    return () => {
      live = false
    }
  }, [])
  return persistent
}
