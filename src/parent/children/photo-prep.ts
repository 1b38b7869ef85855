// Photos are scaled down on the device before they are queued: a phone photo of 4-12 MB
// becomes a JPEG of a few hundred kB, so the outbox stays small and uploads finish on a weak connection.
// Re-encoding also drops the camera's metadata, including the GPS position of the family's home.

import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { acceptedPhotoType, checkUploadablePhoto, photoMessages } from '#shared/records/kid-photos'

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

interface Decoded {
  readonly source: CanvasImageSource
  readonly width: number
  readonly height: number
  release(): void
}

/** Decodes a picked file; null when the browser cannot read it as a picture. */
async function decode(file: File): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      // 'from-image' turns portrait phone photos upright before their EXIF orientation is dropped.
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() }
    } catch {
      // Older Safari refuses the options (or the format): try an <img>, which also applies EXIF.
    }
  }
  const url = URL.createObjectURL(file)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    }
  } catch {
    URL.revokeObjectURL(url)
    return null
  }
}

async function encodeJpeg(picture: Decoded, width: number, height: number): Promise<Blob> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(picture.source, 0, 0, width, height)
  }
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new PhotoPrepError(photoMessages.imageType)
    draw(context)
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new PhotoPrepError(photoMessages.imageType)
  draw(context)
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoPrepError(photoMessages.imageType))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  )
}

/** Scales one picked file down (JPEG, longest edge 1600 px) and reads it into an ArrayBuffer. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!acceptedPhotoType(file)) throw new PhotoPrepError(photoMessages.imageType)
  // Not a picture the browser can read (a renamed file, a damaged photo).
  const picture = await decode(file)
  if (!picture) throw new PhotoPrepError(photoMessages.imageType)
  try {
    const size = scaledSize(picture.width, picture.height)
    const blob = await encodeJpeg(picture, size.width, size.height)
    const photo: PreparedPhoto = {
      name: jpegName(file.name),
      type: 'image/jpeg',
      data: await blob.arrayBuffer(),
    }
    const problem = checkUploadablePhoto({ name: photo.name, type: photo.type, size: photo.data.byteLength })
    if (problem) throw new PhotoPrepError(problem)
    return photo
  } finally {
    picture.release()
  }
}

/** Prepares the picked files one after another (a phone has little memory for six decoded photos). */
export async function preparePhotos(files: readonly File[]): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = []
  for (const file of files) prepared.push(await preparePhoto(file))
  return prepared
}
