// The child record (spec section 3, decisions 7-10): the ONE schema shared by the add/edit forms, the
// outbox and the Firestore adapter. firestore.rules and storage.rules repeat the same limits server-side,
// so a record that passes here is never refused there.

export const KID_GENDERS = ['Male', 'Female'] as const
export const KID_PLANS = ['Monthly', 'Weekly', 'Daily'] as const

export type KidGender = (typeof KID_GENDERS)[number]
export type KidPlan = (typeof KID_PLANS)[number]

/** What the parent types or picks in the form (everything but the photos). */
export interface KidFields {
  readonly kidName: string
  readonly kidAge: string
  readonly kidGender: KidGender
  readonly disability: boolean
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
  readonly plan: KidPlan
}

/** The document in `kids/{kidId}` as the app writes it; the adapter adds `timestamp` (server time). */
export interface KidRecord extends KidFields {
  /** Download addresses of the photos; the first is the cover. 1 to 6 of them. */
  readonly imgUrls: readonly string[]
  /** The owner's user id. Never changes after creation (the rules enforce it). */
  readonly userRef: string
}

/** A record read back from the backend. */
export interface StoredKid extends KidRecord {
  readonly id: string
  /** Server time of the last save in ms (an estimate while the save waits for the server); null if unknown. */
  readonly savedAt: number | null
}

export type KidTextField = 'kidName' | 'kidAge' | 'parentName' | 'parentAge' | 'parentPhone' | 'address'

export const KID_TEXT_FIELDS: readonly KidTextField[] = [
  'kidName',
  'kidAge',
  'parentName',
  'parentAge',
  'parentPhone',
  'address',
]

/** Longest value per text field after trimming (firestore.rules checks the same numbers). */
export const KID_TEXT_MAX: { readonly [K in KidTextField]: number } = {
  kidName: 80,
  kidAge: 20,
  parentName: 80,
  parentAge: 20,
  parentPhone: 30,
  address: 300,
}

/** How each field is called in messages and labels. */
export const KID_FIELD_LABELS: { readonly [K in keyof KidFields]: string } = {
  kidName: 'Child Name',
  kidAge: 'Child Age',
  kidGender: 'Child Gender',
  disability: 'Disability',
  parentName: 'Parent Name',
  parentAge: 'Parent Age',
  parentPhone: 'Parent Phone',
  address: 'Address',
  plan: 'Plan',
}

export const MAX_KID_PHOTOS = 6
/** Longest photo address we store (the rules check it too). */
export const MAX_IMG_URL_LENGTH = 2048
/** Largest photo we upload, after scaling down on the device (storage.rules: the same cap). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** Largest file a parent may pick; it is scaled down before it is queued, so this may exceed the cap. */
export const MAX_PICKED_FILE_BYTES = 25 * 1024 * 1024
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
/** For the file input's `accept` (spec: jpg, png or jpeg). */
export const PHOTO_ACCEPT = '.jpg,.png,.jpeg'

/** Every message the child forms can show (spec section 8 where the spec names one). */
export const kidMessages = {
  required: (field: keyof KidFields) => `Please fill in ${KID_FIELD_LABELS[field]}`,
  tooLong: (field: KidTextField) =>
    `${KID_FIELD_LABELS[field]} must be at most ${KID_TEXT_MAX[field]} characters`,
  gender: 'Choose Male or Female',
  plan: 'Choose Monthly, Weekly or Daily',
  imagesRequired: 'Please choose at least one image',
  maxImages: 'Max 6 images',
  imageType: 'Only .jpg, .jpeg and .png images can be added',
  imageTooBig: 'Each image must be 25 MB or smaller',
  imageTooBigAfterScaling: 'An image is still larger than 5 MB after resizing; please choose a smaller one',
  imagesNotUploaded: 'Images not uploaded',
  childAdded: 'Child added',
  childEdited: 'Child edited',
  childDeleted: 'Successfully deleted child',
  notYours: 'You can not edit that child',
  missing: 'Child does not exist',
  confirmDelete: 'Are you sure you want to delete?',
  willUploadLater: 'It will upload when you are back online.',
  keptOnDevice: 'It is kept on this device and will upload automatically when the connection is back.',
  failedHint: 'Check the photos, then retry or discard it in Your Kids.',
} as const

/** A fresh form: spec section 9 defaults (Male, no disability, Monthly). */
export function defaultKidFields(): KidFields {
  return {
    kidName: '',
    kidAge: '',
    kidGender: 'Male',
    disability: false,
    parentName: '',
    parentAge: '',
    parentPhone: '',
    address: '',
    plan: 'Monthly',
  }
}

export function isKidGender(value: unknown): value is KidGender {
  return (KID_GENDERS as readonly unknown[]).includes(value)
}

export function isKidPlan(value: unknown): value is KidPlan {
  return (KID_PLANS as readonly unknown[]).includes(value)
}

/** Trims every text field; the address keeps its line breaks but loses trailing spaces per line. */
export function normalizeKidFields(input: KidFields): KidFields {
  const line = (value: string) => value.trim().replace(/\s+/g, ' ')
  return {
    kidName: line(input.kidName),
    kidAge: line(input.kidAge),
    kidGender: input.kidGender,
    disability: input.disability,
    parentName: line(input.parentName),
    parentAge: line(input.parentAge),
    parentPhone: line(input.parentPhone),
    address: input.address
      .split(/\r?\n/)
      .map((part) => part.trim().replace(/[ \t]+/g, ' '))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    plan: input.plan,
  }
}

export type KidFieldErrors = Partial<Record<keyof KidFields, string>>

/** Problems per field of already normalized fields; empty when the fields can be saved. */
export function validateKidFields(fields: KidFields): KidFieldErrors {
  const errors: { -readonly [K in keyof KidFields]?: string } = {}
  for (const field of KID_TEXT_FIELDS) {
    const value = fields[field]
    if (value.length === 0) errors[field] = kidMessages.required(field)
    else if (value.length > KID_TEXT_MAX[field]) errors[field] = kidMessages.tooLong(field)
  }
  if (!isKidGender(fields.kidGender)) errors.kidGender = kidMessages.gender
  if (typeof fields.disability !== 'boolean') errors.disability = kidMessages.required('disability')
  if (!isKidPlan(fields.plan)) errors.plan = kidMessages.plan
  return errors
}

/** What the file checks need of a picked file (a File, or a photo read back from the outbox). */
export interface PhotoFileInfo {
  readonly name: string
  readonly type: string
  readonly size: number
}

function photoTypeOf(file: PhotoFileInfo): PhotoType | null {
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

/** The photo's type if it may be added (jpg, jpeg or png), else null. */
export function acceptedPhotoType(file: PhotoFileInfo): PhotoType | null {
  return photoTypeOf(file)
}

/**
 * Checks the picked files on submit, in the spec's order: the count first ('Max 6 images'), then type
 * and size. `required`: the add form needs at least one photo; the edit form keeps the old ones if none.
 */
export function checkPickedPhotos(files: readonly PhotoFileInfo[], required: boolean): string | null {
  if (files.length === 0) return required ? kidMessages.imagesRequired : null
  if (files.length > MAX_KID_PHOTOS) return kidMessages.maxImages
  if (files.some((file) => acceptedPhotoType(file) === null)) return kidMessages.imageType
  if (files.some((file) => file.size > MAX_PICKED_FILE_BYTES)) return kidMessages.imageTooBig
  return null
}

/** Checks a photo as it will be uploaded (after scaling down): the limits storage.rules enforces. */
export function checkUploadablePhoto(photo: PhotoFileInfo): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(photo.type)) return kidMessages.imageType
  if (photo.size === 0 || photo.size > MAX_PHOTO_BYTES) return kidMessages.imageTooBigAfterScaling
  return null
}

/** Checks a whole record before it is written (the same checks as firestore.rules). */
export function kidRecordProblems(record: KidRecord): string[] {
  const problems = Object.values(validateKidFields(record))
  if (record.imgUrls.length < 1 || record.imgUrls.length > MAX_KID_PHOTOS)
    problems.push(kidMessages.maxImages)
  if (record.imgUrls.some((url) => url.length === 0 || url.length > MAX_IMG_URL_LENGTH))
    problems.push('An image address is invalid')
  if (!record.userRef) problems.push('The record has no owner')
  return problems
}

/** Builds the record to write from form fields, photo addresses and the owner. */
export function buildKidRecord(fields: KidFields, imgUrls: readonly string[], userRef: string): KidRecord {
  const clean = normalizeKidFields(fields)
  return { ...clean, imgUrls: [...imgUrls], userRef }
}

/** Reads an unknown document (from the backend) into a StoredKid, or null if it is not a child record. */
export function parseStoredKid(id: string, data: unknown, savedAt: number | null): StoredKid | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  const text = (key: KidTextField) => (typeof d[key] === 'string' ? (d[key] as string) : '')
  const imgUrls = Array.isArray(d.imgUrls) ? d.imgUrls.filter((u): u is string => typeof u === 'string') : []
  if (typeof d.userRef !== 'string') return null
  return {
    id,
    kidName: text('kidName'),
    kidAge: text('kidAge'),
    kidGender: isKidGender(d.kidGender) ? d.kidGender : 'Male',
    disability: d.disability === true,
    parentName: text('parentName'),
    parentAge: text('parentAge'),
    parentPhone: text('parentPhone'),
    address: text('address'),
    plan: isKidPlan(d.plan) ? d.plan : 'Monthly',
    imgUrls,
    userRef: d.userRef,
    savedAt,
  }
}

/** The form fields of a stored record (for the edit form). */
export function kidFieldsOf(kid: KidFields): KidFields {
  return {
    kidName: kid.kidName,
    kidAge: kid.kidAge,
    kidGender: kid.kidGender,
    disability: kid.disability,
    parentName: kid.parentName,
    parentAge: kid.parentAge,
    parentPhone: kid.parentPhone,
    address: kid.address,
    plan: kid.plan,
  }
}

/** Spec: ages are shown 'in years' ('4 years'); a value that already says years is shown as typed. */
export function formatYears(age: string): string {
  return /\byears?\b/i.test(age) ? age : `${age} years`
}

export function formatPlan(plan: KidPlan): string {
  return `${plan} Plan`
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random id like Firestore's own (20 characters): records and photo paths get theirs on the device. */
export function newRandomId(length = 20): string {
  let id = ''
  while (id.length < length) {
    const bytes = new Uint8Array(length * 2)
    crypto.getRandomValues(bytes)
    // 62 * 4 = 248: dropping bytes >= 248 keeps every character equally likely.
    for (const byte of bytes) if (byte < 248 && id.length < length) id += ID_ALPHABET.charAt(byte % 62)
  }
  return id
}

/** A file name safe inside one storage path segment (no '/', no spaces), at most 80 characters. */
export function safePhotoName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
  return (cleaned || 'photo').slice(-80)
}

/**
 * Spec section 7: images/{userId}-{fileName}-{random id}. The random id is fixed when the submission is
 * made, so every retry writes the same object instead of adding a copy.
 */
export function photoStoragePath(userId: string, fileName: string, randomId: string): string {
  return `images/${userId}-${safePhotoName(fileName)}-${randomId}`
}
