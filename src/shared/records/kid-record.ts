// The child record: the ONE schema shared by the add/edit forms, the outbox and the Firestore adapter.
// firestore.rules repeats the same limits server-side, so a record that passes here is never refused
// there. Photos (types, sizes, storage paths) are in kid-photos.ts.
import { isSavableBirthMonth, kidAgeMessages } from './kid-age'
import { isOwnPhotoPath, MAX_KID_PHOTOS, photoMessages } from './kid-photos'
import { isKidPlan, type KidPlan } from './kid-plans'
import { cleanLine, cleanLines, isBlank, textProblem } from './record-text'

export { isKidPlan, KID_PLANS, type KidPlan } from './kid-plans'

export const KID_GENDERS = ['Male', 'Female'] as const

export type KidGender = (typeof KID_GENDERS)[number]

/**
 * What the parent types or picks in the form (everything but the photos). Gender and plan are one of
 * KID_GENDERS / KID_PLANS, or a value a stored record already holds that the form does not offer (an
 * older app, the console): that value is kept and shown, never replaced by a default, and saved back
 * unchanged unless the parent picks another (firestore.rules take it on update only if unchanged).
 */
export interface KidFields {
  readonly kidName: string
  /**
   * The age as free text, from a record saved before ages had their own form ('4', '18 months'): kept and
   * shown exactly as written until the parent enters years and months. '' otherwise (kid-age.ts).
   */
  readonly kidAge: string
  /** The month of birth, 'YYYY-MM', from the form's years and months; '' for an older record. */
  readonly kidBirthMonth: string
  readonly kidGender: KidGender | string
  readonly disability: boolean
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
  readonly plan: KidPlan | string
}

/** The document in `kids/{kidId}` as the app writes it; the adapter adds `timestamp` (server time). */
export interface KidRecord extends KidFields {
  /**
   * The photos' storage paths (images/{userRef}/..., or the flat images/{userRef}-... of older records),
   * never public addresses; the first is the cover. 1 to 6 of them. (Records saved before photos became
   * private may hold download addresses: read them with storagePathOf.)
   */
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

/**
 * Longest value per text field after trimming, in characters (code points: an emoji is 1);
 * firestore.rules checks the same numbers, counted the same way.
 */
export const KID_TEXT_MAX: { readonly [K in KidTextField]: number } = {
  kidName: 80,
  kidAge: 20,
  parentName: 80,
  parentAge: 20,
  parentPhone: 30,
  address: 300,
}

/** The one text field that may hold line breaks ('\n'); the others are one line. */
export const KID_MULTILINE_FIELDS: readonly KidTextField[] = ['address']

/** How each field is called in messages and labels. */
export const KID_FIELD_LABELS: { readonly [K in keyof KidFields]: string } = {
  kidName: 'Child Name',
  kidAge: 'Child Age',
  kidBirthMonth: 'Child Age',
  kidGender: 'Child Gender',
  disability: 'Disability',
  parentName: 'Parent Name',
  parentAge: 'Parent Age',
  parentPhone: 'Parent Phone',
  address: 'Address',
  plan: 'Plan',
}

/** What the field checks say. */
export const kidFieldMessages = {
  required: (field: keyof KidFields) => `Please fill in ${KID_FIELD_LABELS[field]}`,
  tooLong: (field: KidTextField) =>
    `${KID_FIELD_LABELS[field]} must be at most ${KID_TEXT_MAX[field]} characters`,
  /** Only for text that skipped normalizeKidFields (which removes these characters). */
  characters: (field: KidTextField) =>
    `${KID_FIELD_LABELS[field]} holds control or text-direction characters that cannot be saved`,
  gender: 'Choose Male or Female',
  plan: 'Choose Monthly, Weekly or Daily',
} as const

/** A fresh form, with the product's defaults: Male, no disability, the Monthly plan. */
export function defaultKidFields(): KidFields {
  return {
    kidName: '',
    kidAge: '',
    kidBirthMonth: '',
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

/**
 * Trims every text field and makes it fit the rules (record-text.ts): one-line fields get single spaces
 * for any white space; the address keeps its line breaks (as '\n', at most one empty line in a row) but
 * loses extra spaces per line; control and text-direction characters are removed.
 */
export function normalizeKidFields(input: KidFields): KidFields {
  return {
    kidName: cleanLine(input.kidName),
    kidAge: cleanLine(input.kidAge),
    // A submission an older app left in the outbox has no month of birth (its age is free text).
    kidBirthMonth: typeof input.kidBirthMonth === 'string' ? input.kidBirthMonth : '',
    kidGender: input.kidGender,
    disability: input.disability,
    parentName: cleanLine(input.parentName),
    parentAge: cleanLine(input.parentAge),
    parentPhone: cleanLine(input.parentPhone),
    address: cleanLines(input.address)
      .split('\n')
      .map((part) => part.trim().replace(/[ \t]+/g, ' '))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    plan: input.plan,
  }
}

/** A stored gender or plan the form does not offer: any text but an empty one (no value to keep). */
function isKeptChoice(value: unknown): value is string {
  return typeof value === 'string' && !isBlank(value)
}

export type KidFieldErrors = Partial<Record<keyof KidFields, string>>

/**
 * Problems per field of already normalized fields; empty when the fields can be saved. The age is a month
 * of birth, or (only an older record's, kept unchanged: firestore.rules refuse new ones) free text.
 */
export function validateKidFields(fields: KidFields, today: Date = new Date()): KidFieldErrors {
  const errors: { -readonly [K in keyof KidFields]?: string } = {}
  for (const field of KID_TEXT_FIELDS) {
    const problem = textProblem(fields[field], {
      min: field === 'kidAge' ? 0 : 1,
      max: KID_TEXT_MAX[field],
      multiline: KID_MULTILINE_FIELDS.includes(field),
    })
    if (problem === 'required') errors[field] = kidFieldMessages.required(field)
    else if (problem === 'tooLong') errors[field] = kidFieldMessages.tooLong(field)
    else if (problem === 'characters') errors[field] = kidFieldMessages.characters(field)
  }
  if (!errors.kidAge) {
    const born = fields.kidBirthMonth
    if (born !== '' && (fields.kidAge !== '' || !isSavableBirthMonth(born, today)))
      errors.kidAge = kidAgeMessages.birthMonth
    else if (born === '' && fields.kidAge === '') errors.kidAge = kidAgeMessages.required
  }
  // A value the form does not offer can only come from the stored record (see KidFields): it is kept.
  if (!isKidGender(fields.kidGender) && !isKeptChoice(fields.kidGender))
    errors.kidGender = kidFieldMessages.gender
  if (typeof fields.disability !== 'boolean') errors.disability = kidFieldMessages.required('disability')
  if (!isKidPlan(fields.plan) && !isKeptChoice(fields.plan)) errors.plan = kidFieldMessages.plan
  return errors
}

/** Checks a whole record before it is written (the same checks as firestore.rules). */
export function kidRecordProblems(record: KidRecord): string[] {
  const problems = Object.values(validateKidFields(record))
  if (record.imgUrls.length < 1 || record.imgUrls.length > MAX_KID_PHOTOS)
    problems.push(photoMessages.maxImages)
  if (record.imgUrls.some((path) => !isOwnPhotoPath(path, record.userRef)))
    problems.push('A photo is not one of the owner’s own')
  if (!record.userRef) problems.push('The record has no owner')
  return problems
}

/** Builds the record to write from form fields, photo paths and the owner. */
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
    kidBirthMonth: typeof d.kidBirthMonth === 'string' ? d.kidBirthMonth : '',
    // Kept as stored, even a value the form does not offer; no text at all reads as none chosen.
    kidGender: typeof d.kidGender === 'string' ? d.kidGender : '',
    disability: d.disability === true,
    parentName: text('parentName'),
    parentAge: text('parentAge'),
    parentPhone: text('parentPhone'),
    address: text('address'),
    plan: typeof d.plan === 'string' ? d.plan : '',
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
    kidBirthMonth: kid.kidBirthMonth,
    kidGender: kid.kidGender,
    disability: kid.disability,
    parentName: kid.parentName,
    parentAge: kid.parentAge,
    parentPhone: kid.parentPhone,
    address: kid.address,
    plan: kid.plan,
  }
}
