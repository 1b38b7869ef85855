// jsdom cannot decode or draw pictures: tests put photos into the outbox as picked, in place of the
// device's scaling down (vi.mock of photo-prep). Kept apart from the kids world so the mock's factory
// loads nothing that imports photo-prep itself.

import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { acceptedPhotoType } from '#shared/records/kid-photos'

export async function preparePhotosAsPicked(files: readonly File[]): Promise<PreparedPhoto[]> {
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      type: acceptedPhotoType(file) ?? 'image/jpeg',
      data: await file.arrayBuffer(),
    })),
  )
}
