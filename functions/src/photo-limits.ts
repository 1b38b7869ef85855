// The numbers of the photo functions (docs/decisions/0024-the-server-keeps-its-promises.md says why).
import { MAX_KID_PHOTOS } from '#shared/records/kid-photos'

/** Photos are private: never kept by a browser's or a proxy's cache (0008). */
export const PHOTO_CACHE_CONTROL = 'private, no-store'

/**
 * Photos in flight beyond those of saved children: the outbox uploads a child's photos before it saves
 * the record, one submission at a time per device, and an edit that replaces all six holds twelve for
 * a moment. Two devices each with a submission of six photos in flight: 12.
 */
export const PHOTO_MARGIN = 2 * MAX_KID_PHOTOS

/** How many photos a parent with `kids` saved children may keep in their folder. */
export function photoBound(kids: number): number {
  return MAX_KID_PHOTOS * kids + PHOTO_MARGIN
}

/** A photo no record names is abandoned once it is this old (an upload whose record never came). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
