// What the kids screens show: a parent's saved records (Firestore, cache first) merged with what still
// waits in the outbox on this device. A child appears in every state it goes through (queued,
// uploading, handed to Firestore, saved, edited while queued, after a reload or a new sign-in) and
// disappears only when the parent deletes it.

import { isOpen, type Submission } from '#parent/outbox/outbox-db'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { storagePathOf } from '#shared/records/kid-photos'
import {
  defaultKidFields,
  type KidFields,
  type KidPlan,
  kidFieldsOf,
  type StoredKid,
} from '#shared/records/kid-record'
import { kidMessages } from './kid-messages'

/** A photo to show: one in storage (read with the parent's credentials), or bytes still on this device. */
export type PhotoRef =
  | { readonly kind: 'stored'; readonly owner: string; readonly path: string }
  | { readonly kind: 'device'; readonly photoId: string }

export function photoKey(photo: PhotoRef): string {
  return photo.kind === 'stored' ? photo.path : photo.photoId
}

/** saved: in Firestore (or on its way there from Firestore's own queue). waiting: queued on this device. */
export type KidStatus = 'saved' | 'waiting' | 'failed'

export interface KidView {
  readonly id: string
  readonly userRef: string
  readonly fields: KidFields
  readonly photos: readonly PhotoRef[]
  readonly status: KidStatus
  /** The outbox entry holding this child's latest change, while it has not reached the server. */
  readonly entry: Submission | null
  /** The record as Firestore has it (null while only queued). */
  readonly stored: StoredKid | null
}

function storedPhotos(owner: string, paths: readonly string[]): PhotoRef[] {
  return paths.flatMap((photo) => {
    const path = storagePathOf(photo)
    return path ? [{ kind: 'stored' as const, owner, path }] : []
  })
}

function viewOfEntry(entry: Submission, stored: StoredKid | null): KidView {
  // In the record's order. A photo already uploaded, or kept from the record, is read like any stored
  // one (this device kept a copy when it uploaded it); one still waiting is shown from the outbox's bytes.
  const photos = entry.imgPaths.flatMap((path): PhotoRef[] => {
    const queued = entry.photos.find((photo) => photo.path === path)
    return queued && !queued.uploaded
      ? [{ kind: 'device', photoId: queued.id }]
      : storedPhotos(entry.userId, [path])
  })
  return {
    id: entry.kidId,
    userRef: entry.userId,
    fields: entry.fields ?? (stored ? kidFieldsOf(stored) : defaultKidFields()),
    photos,
    // Handed to Firestore: saved as far as the parent is concerned (Firestore delivers it by itself).
    status: entry.state === 'failed' ? 'failed' : entry.state === 'handedOff' ? 'saved' : 'waiting',
    entry,
    stored,
  }
}

export function viewOfStored(kid: StoredKid): KidView {
  return {
    id: kid.id,
    userRef: kid.userRef,
    fields: kidFieldsOf(kid),
    photos: storedPhotos(kid.userRef, kid.imgUrls),
    status: 'saved',
    entry: null,
    stored: kid,
  }
}

/**
 * The change of each child still on its way: an open entry (queued or failed) wins over one handed to
 * Firestore, a later one over an earlier one.
 */
function latestChanges(entries: readonly Submission[]): Map<string, Submission> {
  const changes = new Map<string, Submission>()
  for (const entry of entries) {
    if (entry.kind === 'delete' || !(isOpen(entry) || entry.state === 'handedOff')) continue
    const known = changes.get(entry.kidId)
    if (
      !known ||
      (isOpen(entry) && !isOpen(known)) ||
      (isOpen(entry) === isOpen(known) && entry.seq > known.seq)
    )
      changes.set(entry.kidId, entry)
  }
  return changes
}

/**
 * The 'Your Kids' list: newest first, children only on this device on top. `stored` may still be
 * unknown (Firestore has not answered yet): the outbox's children show meanwhile.
 */
export function mergeKids(
  stored: readonly StoredKid[] | undefined,
  entries: readonly Submission[],
): KidView[] {
  const deleting = new Set(entries.filter((entry) => entry.kind === 'delete').map((entry) => entry.kidId))
  const changes = latestChanges(entries)
  const storedIds = new Set((stored ?? []).map((kid) => kid.id))
  const onlyHere = [...changes.values()]
    .filter((entry) => !storedIds.has(entry.kidId) && !deleting.has(entry.kidId))
    .sort((a, b) => b.seq - a.seq)
    .map((entry) => viewOfEntry(entry, null))
  const saved = (stored ?? [])
    .filter((kid) => !deleting.has(kid.id))
    .map((kid) => {
      const entry = changes.get(kid.id)
      return entry ? viewOfEntry(entry, kid) : viewOfStored(kid)
    })
  return [...onlyHere, ...saved]
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
  const mine = entries.filter((entry) => entry.kidId === kidId && entry.userId === userId)
  if (mine.some((entry) => entry.kind === 'delete')) return { state: 'missing' }
  const change = latestChanges(mine).get(kidId)
  const record = typeof stored === 'object' && stored !== null && stored.userRef === userId ? stored : null
  // A child with a change on its way is shown from the device at once, even while Firestore (offline)
  // has not answered.
  if (change) return { state: 'ready', kid: viewOfEntry(change, record) }
  if (stored === undefined) return { state: 'loading' }
  if (stored === null) return { state: 'missing' }
  if (stored === 'forbidden' || stored.userRef !== userId) return { state: 'notYours' }
  return { state: 'ready', kid: viewOfStored(stored) }
}

// How a child's details read on screen.
/** Ages are shown in years ('4 years'); a value that already says years is shown as typed. */
export function formatYears(age: string): string {
  return /\byears?\b/i.test(age) ? age : `${age} years`
}

/** A plan the app does not offer (kept from the stored record) reads the same way: 'Yearly Plan'. */
export function formatPlan(plan: KidPlan | string): string {
  return `${plan} Plan`
}

/**
 * Why a child's change failed, in words: a new child the server refused while the account already holds
 * MAX_KIDS_PER_PARENT children on the server is the bound, said as such; otherwise the outbox's reason.
 */
export function failureText(kid: KidView, kids: readonly KidView[]): string | null {
  const error = kid.entry?.error ?? null
  if (kid.entry?.kind !== 'add' || kid.stored !== null) return error
  const onServer = kids.filter((other) => other.stored !== null).length
  return onServer >= MAX_KIDS_PER_PARENT ? kidMessages.kidRefusedOverBound : error
}
