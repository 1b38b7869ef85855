// The numbers of the photo functions (docs/decisions/0024-the-server-keeps-its-promises.md says why).
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { MAX_KID_PHOTOS } from '#shared/records/kid-photos'

/** Photos are private: never kept by a browser's or a proxy's cache (0008). */
export const PHOTO_CACHE_CONTROL = 'private, no-store'

/**
 * Photos in flight beyond those of saved children: the outbox uploads a child's photos before it saves
 * the record, one submission at a time per device, and an edit that replaces all six holds twelve for
 * a moment. Two devices each with a submission of six photos in flight: 12.
 */
export const PHOTO_MARGIN = 2 * MAX_KID_PHOTOS

/** An enrolment file's documents per child (the action plan, the immunisation record). */
export const DOCUMENTS_PER_KID = 2

/**
 * How many files (photos and documents, counted in Storage) a parent with `kids` saved children may keep:
 * the children counted up to MAX_KIDS_PER_PARENT (issue 50: a parent who makes more children gets no
 * more room; the function kidBound removes the extra records too).
 */
export function photoBound(kids: number): number {
  return (MAX_KID_PHOTOS + DOCUMENTS_PER_KID) * Math.min(kids, MAX_KIDS_PER_PARENT) + PHOTO_MARGIN
}

/** A photo no record names is abandoned once it is this old (an upload whose record never came). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
