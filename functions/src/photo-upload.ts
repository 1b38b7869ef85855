// Every photo upload (Storage's finalize event): over the parent's bound, the new object is deleted;
// so is one whose bytes are not what it says it is (issue 50: a JPEG, a PNG or, in a parent's folder, a
// PDF, by its first bytes: sniffDocumentType); otherwise its download token goes and its Cache-Control
// becomes private, no-store. Running twice finds the photo already private (or already gone) and does
// nothing more.

import { sniffDocumentType } from '#shared/records/bounds'
import type { DocumentType } from '#shared/records/enrolment-record'
import { PHOTO_CACHE_CONTROL, photoBound } from './photo-limits'
import { flatPrefix, folderPrefix, photoOwner } from './photo-paths'
import type { ParentRecords, PhotoBucket } from './ports'

export interface UploadedObject {
  readonly path: string
  readonly hasDownloadToken: boolean
  readonly cacheControl: string | null
  /** The Content-Type the upload declared (storage.rules allow image/jpeg, image/png, application/pdf). */
  readonly contentType: string | null
}

export type UploadOutcome =
  | 'not a photo'
  | 'over the bound: deleted'
  | 'not its type: deleted'
  | 'gone'
  | 'made private'
  | 'already private'

/** What a path may hold: documents (PDF too) in a parent's folder, photos only in the flat names. */
function allowedTypes(path: string): readonly DocumentType[] {
  return /^images\/[^/]+\//.test(path)
    ? ['image/jpeg', 'image/png', 'application/pdf']
    : ['image/jpeg', 'image/png']
}

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
  const start = await bucket.firstBytes(object.path, 16)
  if (start === null) return 'gone'
  const sniffed = sniffDocumentType(start)
  if (sniffed === null || sniffed !== object.contentType || !allowedTypes(object.path).includes(sniffed)) {
    // Any bytes named .pdf (a page, a program) are never served to staff as a document.
    await bucket.delete(object.path)
    return 'not its type: deleted'
  }
  if (!object.hasDownloadToken && object.cacheControl === PHOTO_CACHE_CONTROL) return 'already private'
  await bucket.makePrivate(object.path, PHOTO_CACHE_CONTROL)
  return 'made private'
}

/** A metadata change: the object stays private (no download token, PHOTO_CACHE_CONTROL). */
export async function keepPrivate(
  object: Omit<UploadedObject, 'contentType'>,
  bucket: PhotoBucket,
): Promise<'not a photo' | 'made private' | 'already private'> {
  if (photoOwner(object.path) === null) return 'not a photo'
  if (!object.hasDownloadToken && object.cacheControl === PHOTO_CACHE_CONTROL) return 'already private'
  await bucket.makePrivate(object.path, PHOTO_CACHE_CONTROL)
  return 'made private'
}
