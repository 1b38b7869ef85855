// Which photos belong to whom, read from paths only (the names are src/shared/records/kid-photos.ts's).
import { isOwnPhotoPath, photoFolder, storagePathOf } from '#shared/records/kid-photos'

/**
 * The owner of a photo path: images/{uid}/{name} (the folders) or images/{uid}-{name} (flat, saved before
 * the folders; a uid never holds '-'). Null for anything else.
 */
export function photoOwner(path: string): string | null {
  const folder = /^images\/([^/]+)\/[^/]+$/.exec(path)
  if (folder?.[1]) return folder[1]
  const flat = /^images\/([^/-]+)-[^/]+$/.exec(path)
  return flat?.[1] ?? null
}

/**
 * The storage paths of a child's photos that are its owner's own (never another parent's photo, whatever
 * a record written past the rules may name): paths as stored, or read out of old download addresses.
 */
export function ownPhotoPaths(imgUrls: readonly string[], userRef: string): string[] {
  if (userRef === '') return []
  const paths = imgUrls.flatMap((photo) => {
    const path = storagePathOf(photo)
    return path !== null && isOwnPhotoPath(path, userRef) ? [path] : []
  })
  return [...new Set(paths)]
}

/** The parent's folder with its trailing '/': everything in it is theirs. */
export function folderPrefix(uid: string): string {
  return `${photoFolder(uid)}/`
}

/** The prefix of the parent's flat photos (before the folders), or null for a uid holding '-'. */
export function flatPrefix(uid: string): string | null {
  return uid.includes('-') || uid.includes('/') ? null : `images/${uid}-`
}
