// The photos of an edit: the saved ones the parent keeps and the new ones they add, in the parent's
// order (the cover first), and what the edit leaves behind (docs/decisions/0017-edit-keeps-photos.md).
import type { OutboxPhoto, PreparedPhoto } from './outbox-db'

/** A photo an edit keeps, named by its storage path (saved, or queued with its path fixed already). */
export interface KeptPhoto {
  readonly path: string
}

/** One photo of an edit, in the parent's order: a kept one, or one picked now. */
export type EditPhoto = KeptPhoto | PreparedPhoto

export function isKeptPhoto(photo: EditPhoto): photo is KeptPhoto {
  return 'path' in photo
}

/** What an entry holds of its photos before the edit. */
export interface PhotoSet {
  /** Photos queued on this device (their bytes in the outbox), uploaded or not. */
  readonly photos: readonly OutboxPhoto[]
  /** Photos in storage that the record keeps. */
  readonly keptPaths: readonly string[]
}

export interface EditedPhotos extends PhotoSet {
  /** The record's photos in order, the cover first. */
  readonly imgPaths: string[]
  /** Photos in storage the edit no longer uses: deleted once it is saved. */
  readonly cleanupPaths: string[]
  /** Queued photos the edit dropped: their bytes can go. */
  readonly droppedPhotoIds: string[]
}

/**
 * Applies the parent's ordered choice to `before`. `added` holds the outbox's descriptions of the new
 * photos of `chosen`, in the same order. A kept path the entry does not know is left out unless
 * `mayKeep` accepts it (a photo of this parent's that the record had when the form was filled).
 */
export function editPhotos(
  before: PhotoSet,
  chosen: readonly EditPhoto[],
  added: readonly OutboxPhoto[],
  mayKeep: (path: string) => boolean = () => false,
): EditedPhotos {
  const photos: OutboxPhoto[] = []
  const keptPaths: string[] = []
  const imgPaths: string[] = []
  let next = 0
  for (const photo of chosen) {
    const queued = isKeptPhoto(photo)
      ? before.photos.find((known) => known.path === photo.path)
      : added[next++]
    const path = queued?.path ?? (isKeptPhoto(photo) ? photo.path : null)
    if (!path || imgPaths.includes(path)) continue
    if (queued) photos.push(queued)
    else if (before.keptPaths.includes(path) || mayKeep(path)) keptPaths.push(path)
    else continue
    imgPaths.push(path)
  }
  const dropped = before.photos.filter((photo) => !imgPaths.includes(photo.path))
  return {
    photos,
    keptPaths,
    imgPaths,
    cleanupPaths: [
      ...dropped.flatMap((photo) => (photo.uploaded ? [photo.path] : [])),
      ...before.keptPaths.filter((path) => !imgPaths.includes(path)),
    ],
    droppedPhotoIds: dropped.map((photo) => photo.id),
  }
}
