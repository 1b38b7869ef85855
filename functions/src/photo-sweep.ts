// The daily sweep: a photo under images/ that no child record (nor enrolment file) names and that was written more than
// ABANDONED_AFTER_MS ago is an abandoned upload (a submission discarded on a device that was offline, a
// record deleted while its clean-up failed), and is deleted. A younger one may still be about to be
// named by a record an outbox is sending, and is left alone.
import { storagePathOf } from '#shared/records/kid-photos'
import { ABANDONED_AFTER_MS } from './photo-limits'
import type { ParentRecords, PhotoBucket } from './ports'

export async function sweepAbandonedPhotos(
  ports: { readonly bucket: PhotoBucket; readonly records: ParentRecords },
  now: number,
): Promise<string[]> {
  const { bucket, records } = ports
  // Listed after the records were read: a photo uploaded in between is young, so never swept.
  const named = await records.photosInUse()
  const inUse = new Set([...named].flatMap((photo) => storagePathOf(photo) ?? []))
  const photos = await bucket.list('images/')
  const abandoned = photos
    .filter((photo) => !inUse.has(photo.path) && now - photo.createdAt > ABANDONED_AFTER_MS)
    .map((photo) => photo.path)
  for (const path of abandoned) await bucket.delete(path)
  return abandoned
}
