// The id of a share of photos to the installed app (see shared-photos.ts). Kept apart, with no imports:
// the add and edit routes check their `share` parameter with it, in every page's first load.

/** Whether `value` can be a share id (ids are made by storeSharedPhotos; anything else is refused). */
export function isShareId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value)
}

/**
 * Why the add form got only part of a share, or none of it (the worker's redirect says so in `?shared=`):
 * some-left-out: more images than the form takes, or one too large; none-kept: the share was too large.
 */
export const SHARE_NOTES = ['some-left-out', 'none-kept'] as const
export type ShareNote = (typeof SHARE_NOTES)[number]

export function isShareNote(value: unknown): value is ShareNote {
  return (SHARE_NOTES as readonly unknown[]).includes(value)
}
