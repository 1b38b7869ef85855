// Photos are scaled down on the device before they are queued (decisions 10): a phone photo of 4-12 MB
// becomes a JPEG of a few hundred kB, so the outbox stays small and uploads finish on a weak connection.
// Re-encoding also drops the camera's metadata, including the GPS position of the family's home.

import type { PreparedPhoto } from '../offline/outbox/outbox-store'
import { acceptedPhotoType, checkUploadablePhoto, kidMessages } from '../shared/records/kid-record'

/** Longest edge after scaling: sharp on any phone screen, small to upload. */
export const MAX_PHOTO_EDGE = 1600
export const JPEG_QUALITY = 0.85

/** A photo that cannot be used; `message` is shown to the parent. */
export class PhotoPrepError extends Error {}

/** The size to draw at: the longest edge at most `maxEdge`, never enlarged. */
export function scaledSize(width: number, height: number, maxEdge = MAX_PHOTO_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** 'IMG 0042.PNG' -> 'IMG 0042.jpg' (the stored photo is a JPEG now). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo'
  return `${base}.jpg`
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new PhotoPrepError(kidMessages.imageType)
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new PhotoPrepError(kidMessages.imageType)
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, width, height)
  context.drawImage(bitmap, 0, 0, width, height)
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoPrepError(kidMessages.imageType))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  )
}

/** Scales one picked file down (JPEG, longest edge 1600 px) and reads it into an ArrayBuffer. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const type = acceptedPhotoType(file)
  if (!type) throw new PhotoPrepError(kidMessages.imageType)
  let bitmap: ImageBitmap
  try {
    // 'from-image' turns portrait phone photos upright before their EXIF orientation is dropped.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    // Not a picture the browser can read (a renamed file, a damaged photo).
    throw new PhotoPrepError(kidMessages.imageType)
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height)
    const blob = await encodeJpeg(bitmap, size.width, size.height)
    const photo: PreparedPhoto = {
      name: jpegName(file.name),
      type: 'image/jpeg',
      data: await blob.arrayBuffer(),
    }
    const problem = checkUploadablePhoto({ name: photo.name, type: photo.type, size: photo.data.byteLength })
    if (problem) throw new PhotoPrepError(problem)
    return photo
  } finally {
    bitmap.close()
  }
}

/** Prepares the picked files one after another (a phone has little memory for six decoded photos). */
export async function preparePhotos(files: readonly File[]): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = []
  for (const file of files) prepared.push(await preparePhoto(file))
  return prepared
}
