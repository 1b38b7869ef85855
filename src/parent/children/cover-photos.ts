// The cover photos of 'Your Kids', read from the device before My Profile first renders (decision
// 0098). Read in an effect, each cover came a render after the page: its first frame had a placeholder
// where the photo goes, and behind the device's picture of the screen the live page could not match
// the picture until they had come. Only what this device holds (the outbox's bytes, its copies), never
// the network: a photo not on the device comes through the screen's own effect, as before. The
// addresses live as long as the parent's scope and are released with it.
import type { ParentScope } from '#parent/account/parent-scope'
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { within } from '#shared/device/within'
import type { PhotoRef } from './kids-view'

/** The photo's identity for a screen (its owner and path, or its bytes' id in the outbox). */
export function photoSrcKey(photo: PhotoRef): string {
  return photo.kind === 'stored' ? `${photo.owner}/${photo.path}` : photo.photoId
}

/** The photo's bytes as this device holds them (the outbox's, or its copy), or null: never downloaded. */
export async function devicePhotoBlob(
  photo: PhotoRef,
  runtime: Pick<OutboxRuntime, 'outbox' | 'copies'>,
): Promise<Blob | null> {
  if (photo.kind === 'device') {
    const bytes = await runtime.outbox.photoBytes(photo.photoId)
    return bytes ? new Blob([bytes.data], { type: bytes.type }) : null
  }
  return runtime.copies.get(photo.owner, photo.path)
}

const READY = 'cover-photo-srcs'

/** The object URLs read so far for this scope, made with it and released when it ends. */
function readySrcs(scope: ParentScope): Map<string, string> {
  const known = scope.recall<Map<string, string>>(READY)
  if (known) return known
  const made = new Map<string, string>()
  scope.remember(READY, made)
  scope.onDispose(() => {
    for (const url of made.values()) URL.revokeObjectURL(url)
    made.clear()
  })
  return made
}

/** The address of a photo read before the screen rendered (prepareCoverPhotos), if it was. */
export function readyPhotoSrc(scope: ParentScope, photo: PhotoRef): string | undefined {
  return scope.recall<Map<string, string>>(READY)?.get(photoSrcKey(photo))
}

/**
 * Reads `photos` from the device for the scope's screens, at most `ms` (a slow disk shows the page
 * without them, and each comes as before). Those read already are not read again.
 */
export async function prepareCoverPhotos(scope: ParentScope, photos: readonly PhotoRef[], ms = 500) {
  if (scope.disposed) return
  const srcs = readySrcs(scope)
  const reads = photos
    .filter((photo) => !srcs.has(photoSrcKey(photo)))
    .map(async (photo) => {
      const blob = await devicePhotoBlob(photo, scope.outbox).catch(() => null)
      if (!blob) return
      const url = URL.createObjectURL(blob)
      // A scope ended meanwhile keeps nothing.
      if (scope.disposed || srcs.has(photoSrcKey(photo))) URL.revokeObjectURL(url)
      else srcs.set(photoSrcKey(photo), url)
    })
  // Past the bound the page shows, and each cover still on its way comes as before.
  await within(Promise.all(reads), ms, "The children's covers on this device").catch(() => undefined)
}
