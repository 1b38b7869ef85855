// The id of a share of photos to the installed app (see shared-photos.ts). Kept apart, with no imports:
// the add and edit routes check their `share` parameter with it, in every page's first load.

/** Whether `value` can be a share id (ids are made by storeSharedPhotos; anything else is refused). */
export function isShareId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value)
}
