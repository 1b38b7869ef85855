// Every photo upload (Storage's finalize event): over the parent's bound, the new object is deleted;
// otherwise its download token goes and its Cache-Control becomes private, no-store. Running twice
// finds the photo already private (or already gone) and does nothing more.

import { PHOTO_CACHE_CONTROL, photoBound } from './photo-limits'
import { flatPrefix, folderPrefix, photoOwner } from './photo-paths'
import type { ParentRecords, PhotoBucket } from './ports'

export interface UploadedObject {
  readonly path: string
  readonly hasDownloadToken: boolean
  readonly cacheControl: string | null
}

export type UploadOutcome = 'not a photo' | 'over the bound: deleted' | 'made private' | 'already private'

export async function checkUploadedPhoto(
  object: UploadedObject,
  ports: { readonly bucket: PhotoBucket; readonly records: ParentRecords },
): Promise<UploadOutcome> {
  const { bucket, records } = ports
  const uid = photoOwner(object.path)
  if (uid === null) return 'not a photo'

  const flat = flatPrefix(uid)
  const [inFolder, inFlat, kids] = await Promise.all([
    bucket.list(folderPrefix(uid)),
    flat === null ? Promise.resolve([]) : bucket.list(flat),
    records.kidsOf(uid),
  ])
  if (inFolder.length + inFlat.length > photoBound(kids.length)) {
    // The newest is the one over the bound: the older ones are those the saved records show.
    await bucket.delete(object.path)
    return 'over the bound: deleted'
  }
  if (!object.hasDownloadToken && object.cacheControl === PHOTO_CACHE_CONTROL) return 'already private'
  await bucket.makePrivate(object.path, PHOTO_CACHE_CONTROL)
  return 'made private'
}
