// A child's photos: which files a parent may pick, what may be uploaded after scaling down on the
// device, and where each photo lives in Cloud Storage. storage.rules checks the same types and sizes.

export const MAX_KID_PHOTOS = 6
/** Largest photo we upload, after scaling down on the device (storage.rules: the same cap). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** Largest file a parent may pick; it is scaled down before it is queued, so this may exceed the cap. */
export const MAX_PICKED_FILE_BYTES = 25 * 1024 * 1024
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
/** For the file input's `accept`: jpg, png or jpeg, as the product asks. */
export const PHOTO_ACCEPT = '.jpg,.png,.jpeg'

/** What the photo checks say; 'Max 6 images' is the product's own wording. */
export const photoMessages = {
  imagesRequired: 'Please choose at least one image',
  maxImages: 'Max 6 images',
  imageType: 'Only .jpg, .jpeg and .png images can be added',
  imageTooBig: 'Each image must be 25 MB or smaller',
  imageTooBigAfterScaling: 'An image is still larger than 5 MB after resizing; please choose a smaller one',
} as const

/** What the file checks need of a picked file (a File, or a photo read back from the outbox). */
export interface PhotoFileInfo {
  readonly name: string
  readonly type: string
  readonly size: number
}

/** The photo's type if it may be added (jpg, jpeg or png), else null. */
export function acceptedPhotoType(file: PhotoFileInfo): PhotoType | null {
  const type = file.type.toLowerCase()
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg'
  if (type === 'image/png') return 'image/png'
  // Some pickers give no type; fall back to the extension the input accepts.
  if (type === '') {
    if (/\.jpe?g$/i.test(file.name)) return 'image/jpeg'
    if (/\.png$/i.test(file.name)) return 'image/png'
  }
  return null
}

/**
 * Checks the picked files on submit: the count first ('Max 6 images'), then type and size.
 * `required`: the add form needs at least one photo; the edit form keeps the old ones if none.
 */
export function checkPickedPhotos(files: readonly PhotoFileInfo[], required: boolean): string | null {
  if (files.length === 0) return required ? photoMessages.imagesRequired : null
  if (files.length > MAX_KID_PHOTOS) return photoMessages.maxImages
  if (files.some((file) => acceptedPhotoType(file) === null)) return photoMessages.imageType
  if (files.some((file) => file.size > MAX_PICKED_FILE_BYTES)) return photoMessages.imageTooBig
  return null
}

/** Checks a photo as it will be uploaded (after scaling down): the limits storage.rules enforces. */
export function checkUploadablePhoto(photo: PhotoFileInfo): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(photo.type)) return photoMessages.imageType
  if (photo.size === 0 || photo.size > MAX_PHOTO_BYTES) return photoMessages.imageTooBigAfterScaling
  return null
}

/** A file name safe inside one storage path segment (no '/', no spaces), at most 80 characters. */
export function safePhotoName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(-80)
    // storage.rules asks the name to start with a letter or digit (no hidden '.x', no '-' run).
    .replace(/^[._-]+/, '')
  return cleaned || 'photo'
}

/**
 * The parent's photo folder, images/{userId}: its owner may list it, so 'Delete my account' finds every
 * photo in it, even one whose record was never saved (docs/decisions/0020-photo-folders.md).
 */
export function photoFolder(userId: string): string {
  return `images/${userId}`
}

/** A photo's name in its folder as the app makes it, {safe file name}-{20-character random id}. */
export const PHOTO_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}-[A-Za-z0-9]{20}$/

/**
 * images/{userId}/{fileName}-{random id}. The random id is fixed when the submission is made, so every
 * retry writes the same object instead of adding a copy. A child record keeps these paths, never a
 * public download address (docs/decisions/0008-private-photos.md).
 */
export function photoStoragePath(userId: string, fileName: string, randomId: string): string {
  return `${photoFolder(userId)}/${safePhotoName(fileName)}-${randomId}`
}

/** Longest photo path a record may hold (firestore.rules: the same cap). */
export const MAX_PHOTO_PATH_LENGTH = 300

/** Control characters (C0, DEL, C1) and line or text-direction marks: never in a photo path. */
const UNSAFE = /[\p{Cc}\u2028-\u202e\u2066-\u2069]/u

/**
 * Whether `path` is one of `userId`'s own photo paths, as firestore.rules accepts it in a record:
 * - images/{userId}/{name}, the name in the app's format (PHOTO_NAME_PATTERN);
 * - or, saved before photos had folders, the flat images/{userId}-{anything}: one segment, which may
 *   hold spaces and accents (the first app kept the picked file's own name), never '/', '\\', '?',
 *   '#' or '%' (a download address, escaped or not), a control character or a text-direction mark.
 *   A flat name cannot tell uid 'ab' from 'ab-c', so a uid holding '-' owns no flat photo
 *   (storage.rules reads the owner as the part before the first '-').
 */
export function isOwnPhotoPath(path: string, userId: string): boolean {
  if (path.length > MAX_PHOTO_PATH_LENGTH || userId === '' || userId.includes('/')) return false
  const folder = `${photoFolder(userId)}/`
  if (path.startsWith(folder)) return PHOTO_NAME_PATTERN.test(path.slice(folder.length))
  const flat = `images/${userId}-`
  return (
    !userId.includes('-') &&
    path.startsWith(flat) &&
    path.length > flat.length &&
    !/[/\\?#%]/.test(path.slice('images/'.length)) &&
    !UNSAFE.test(path)
  )
}

/**
 * The storage path of a photo as a record holds it: a path, or (records saved before photos became
 * private) a download address whose path is read out of it. Null when it is neither.
 */
export function storagePathOf(photo: string): string | null {
  if (photo.startsWith('images/')) return photo
  try {
    const match = /^\/v0\/b\/[^/]+\/o\/([^/]+)$/.exec(new URL(photo).pathname)
    const path = match?.[1] ? decodeURIComponent(match[1]) : null
    return path?.startsWith('images/') ? path : null
  } catch {
    return null
  }
}
