// The enrolment file, in enrolments/{kidId}: what the centre needs before a child's first day and the
// short registration form never asks (issue 35; docs/decisions/0032-enrolment-file.md). The ONE schema
// shared by the parent's form, the outbox and the adapter; firestore.rules repeats its fields and limits.
// The parent fills it once a place is accepted and may save it unfinished: every field may be empty, and
// what is still missing is a pure function of the record (enrolmentMissing), which the parent's form,
// the child's card and the staff's checklist share. Documents (the action plan, the immunisation record)
// live where the photos live: the parent's private folder images/{uid}/ (decision 0020).

import { MAX_PHOTO_BYTES, PHOTO_NAME_PATTERN, photoFolder } from './kid-photos'
import { cleanLine, cleanLines, textProblem } from './record-text'
import { dateFormat, formatStartDate, isStartDate } from './registration-record'

/** The version of the centre's policies a parent agrees to; a new version asks again. */
export const CENTRE_POLICIES_VERSION = '2026-09'

export const MIN_EMERGENCY_CONTACTS = 2
export const MAX_EMERGENCY_CONTACTS = 4
export const MAX_COLLECTORS = 4

/** Longest value per text field, in characters (firestore.rules: the same numbers). */
export const ENROLMENT_TEXT_MAX = {
  name: 80,
  relation: 40,
  phone: 30,
  /** Allergies, conditions, medication, the note about who must not collect: multi-line. */
  notes: 500,
  practice: 120,
} as const

/** A document: a photo or a PDF, up to 5 MB (storage.rules: the same types and cap). */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const MAX_DOCUMENT_BYTES = MAX_PHOTO_BYTES
/** For the file input's `accept`. */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

/** Someone to call in an emergency, or allowed to collect the child. */
export interface Person {
  readonly name: string
  readonly relation: string
  readonly phone: string
}

/** A document in the parent's private folder, as the record names it. */
export interface EnrolmentDocument {
  /** images/{uid}/{name}-{random id}, fixed when the parent picks it (a retried upload overwrites it). */
  readonly path: string
  readonly type: DocumentType
  /** The picked file's name, shown back to the parent and staff (one line, at most 80 characters). */
  readonly fileName: string
}

/** A consent, given by typing the parent's name; `at`: when (ms, the device's clock when typed). */
export interface Consent {
  readonly name: string
  readonly at: number
}

/** Photos in the centre's own updates: a parent may say no, which is an answer too. */
export interface PhotoConsent extends Consent {
  readonly answer: 'yes' | 'no'
}

export interface PoliciesConsent extends Consent {
  readonly version: string
}

/** What the parent fills in. */
export interface EnrolmentFields {
  readonly emergencyContacts: readonly Person[]
  readonly collectors: readonly Person[]
  /** A note for staff about anyone who must not collect the child ('' if none). */
  readonly mustNotCollect: string
  /** Free text; 'none' is an answer, '' is not yet answered. */
  readonly allergies: string
  readonly conditions: string
  readonly medication: string
  readonly actionPlan: EnrolmentDocument | null
  readonly immunisation: EnrolmentDocument | null
  /** The immunisation record's date (YYYY-MM-DD), '' while not given. */
  readonly immunisationDate: string
  readonly doctor: { readonly name: string; readonly practice: string; readonly phone: string }
  readonly photoConsent: PhotoConsent | null
  readonly medicalConsent: Consent | null
  readonly policiesConsent: PoliciesConsent | null
}

/** The document as stored; the adapter adds `savedAt` (the server's time). */
export interface EnrolmentRecord extends EnrolmentFields {
  /** The child's owner, who alone writes it. */
  readonly userRef: string
}

export interface StoredEnrolment extends EnrolmentRecord {
  readonly kidId: string
  /** Server time in ms (an estimate while the save waits for the server); null if unknown. */
  readonly savedAt: number | null
}

const emptyPerson = (): Person => ({ name: '', relation: '', phone: '' })

/** A fresh file: two empty emergency contacts and one person who may collect, nothing answered. */
export function emptyEnrolmentFields(): EnrolmentFields {
  return {
    emergencyContacts: [emptyPerson(), emptyPerson()],
    collectors: [emptyPerson()],
    mustNotCollect: '',
    allergies: '',
    conditions: '',
    medication: '',
    actionPlan: null,
    immunisation: null,
    immunisationDate: '',
    doctor: { name: '', practice: '', phone: '' },
    photoConsent: null,
    medicalConsent: null,
    policiesConsent: null,
  }
}

/** What the checklist names, in the order of the form. */
export const ENROLMENT_ITEMS = {
  emergencyContacts: 'Two emergency contacts (name, relation and phone)',
  collectors: 'Who may collect the child (name, relation and phone)',
  allergies: 'Allergies (or ‘none’)',
  conditions: 'Medical conditions (or ‘none’)',
  medication: 'Medication (or ‘none’)',
  immunisation: 'The immunisation record (photo or PDF)',
  immunisationDate: 'The immunisation record’s date',
  doctor: 'The family doctor (name, practice and phone)',
  photoConsent: 'An answer about photos in the centre’s own updates',
  medicalConsent: 'Consent to emergency medical treatment',
  policiesConsent: `Agreement to the centre’s policies (version ${CENTRE_POLICIES_VERSION})`,
} as const

export type EnrolmentItem = keyof typeof ENROLMENT_ITEMS

const filled = (value: string) => value.trim() !== ''
const completePerson = (person: Person) =>
  filled(person.name) && filled(person.relation) && filled(person.phone)

/** What is still missing before the first day (empty: the file is complete). Pure. */
export function enrolmentMissingItems(file: EnrolmentFields | null): EnrolmentItem[] {
  const f = file ?? emptyEnrolmentFields()
  const missing: EnrolmentItem[] = []
  if (f.emergencyContacts.filter(completePerson).length < MIN_EMERGENCY_CONTACTS)
    missing.push('emergencyContacts')
  if (!f.collectors.some(completePerson)) missing.push('collectors')
  if (!filled(f.allergies)) missing.push('allergies')
  if (!filled(f.conditions)) missing.push('conditions')
  if (!filled(f.medication)) missing.push('medication')
  if (!f.immunisation) missing.push('immunisation')
  if (!isStartDate(f.immunisationDate)) missing.push('immunisationDate')
  if (!(filled(f.doctor.name) && filled(f.doctor.practice) && filled(f.doctor.phone))) missing.push('doctor')
  if (!f.photoConsent) missing.push('photoConsent')
  if (!f.medicalConsent) missing.push('medicalConsent')
  if (f.policiesConsent?.version !== CENTRE_POLICIES_VERSION) missing.push('policiesConsent')
  return missing
}

/** The checklist in words (what staff read, and what a confirmation 'with what is missing' names). */
export function enrolmentMissing(file: EnrolmentFields | null): string[] {
  return enrolmentMissingItems(file).map((item) => ENROLMENT_ITEMS[item])
}

/** 'Nothing missing' or '3 items missing': the card's and the checklist's summary. */
export function missingCountText(count: number): string {
  if (count === 0) return 'Complete: nothing missing'
  return count === 1 ? '1 item missing' : `${count} items missing`
}

// --- Documents ---

/** The document's type if the picked file may be added (a photo or a PDF), else null. */
export function acceptedDocumentType(file: {
  readonly name: string
  readonly type: string
}): DocumentType | null {
  const type = file.type.toLowerCase()
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg'
  if (type === 'image/png') return 'image/png'
  if (type === 'application/pdf') return 'application/pdf'
  if (type === '') {
    if (/\.jpe?g$/i.test(file.name)) return 'image/jpeg'
    if (/\.png$/i.test(file.name)) return 'image/png'
    if (/\.pdf$/i.test(file.name)) return 'application/pdf'
  }
  return null
}

export const documentMessages = {
  type: 'Only a photo (.jpg, .jpeg, .png) or a PDF can be added',
  tooBig: 'A document must be 5 MB or smaller; please choose a smaller file or take a photo of it',
  /** Its bytes are not a PDF, JPEG or PNG, whatever its name says (checked on the device when picked). */
  notDocument:
    'This file is not a real PDF or photo, whatever its name says; please choose the document itself or take a photo of it',
} as const

/** Whether `path` is a document in `userId`'s own folder, as the app names it (firestore.rules: same). */
export function isOwnDocumentPath(path: string, userId: string): boolean {
  const folder = `${photoFolder(userId)}/`
  return userId !== '' && !userId.includes('/') && path.startsWith(folder)
    ? PHOTO_NAME_PATTERN.test(path.slice(folder.length))
    : false
}

// --- Checks, as the rules make them ---

export type EnrolmentErrors = Partial<Record<string, string>>

const LABELS = { name: 'Name', relation: 'Relation', phone: 'Phone' } as const

function checkText(
  errors: Record<string, string>,
  key: string,
  label: string,
  value: string,
  max: number,
  multiline = false,
): void {
  const problem = textProblem(value, { min: 0, max, multiline })
  if (problem === 'tooLong') errors[key] = `${label} must be at most ${max} characters`
  else if (problem) errors[key] = `${label} holds characters that cannot be saved`
}

/**
 * Problems per field of normalized fields, keyed as the form names them ('emergencyContacts.0.phone');
 * empty when the file may be saved (unfinished is fine: only lengths, characters and shapes are checked).
 */
export function validateEnrolmentFields(fields: EnrolmentFields): EnrolmentErrors {
  const errors: Record<string, string> = {}
  const people = (list: readonly Person[], key: string, title: string, max: number) => {
    if (list.length > max) errors[key] = `At most ${max} ${title}`
    list.forEach((person, i) => {
      for (const part of ['name', 'relation', 'phone'] as const)
        checkText(errors, `${key}.${i}.${part}`, LABELS[part], person[part], ENROLMENT_TEXT_MAX[part])
    })
  }
  people(fields.emergencyContacts, 'emergencyContacts', 'emergency contacts', MAX_EMERGENCY_CONTACTS)
  people(fields.collectors, 'collectors', 'people who may collect the child', MAX_COLLECTORS)
  checkText(errors, 'mustNotCollect', 'The note', fields.mustNotCollect, ENROLMENT_TEXT_MAX.notes, true)
  checkText(errors, 'allergies', 'Allergies', fields.allergies, ENROLMENT_TEXT_MAX.notes, true)
  checkText(errors, 'conditions', 'Medical conditions', fields.conditions, ENROLMENT_TEXT_MAX.notes, true)
  checkText(errors, 'medication', 'Medication', fields.medication, ENROLMENT_TEXT_MAX.notes, true)
  if (fields.immunisationDate !== '' && !isStartDate(fields.immunisationDate))
    errors.immunisationDate = 'Please give the date as day, month and year'
  checkText(errors, 'doctor.name', 'The doctor’s name', fields.doctor.name, ENROLMENT_TEXT_MAX.name)
  checkText(errors, 'doctor.practice', 'The practice', fields.doctor.practice, ENROLMENT_TEXT_MAX.practice)
  checkText(errors, 'doctor.phone', 'The doctor’s phone', fields.doctor.phone, ENROLMENT_TEXT_MAX.phone)
  for (const key of ['photoConsent', 'medicalConsent', 'policiesConsent'] as const) {
    const consent = fields[key]
    if (consent && textProblem(consent.name, { min: 1, max: ENROLMENT_TEXT_MAX.name, multiline: false }))
      errors[key] = 'Type your full name to give this consent'
  }
  return errors
}

/** Trims every text and makes it fit the rules (record-text.ts); empty people rows are dropped. */
export function normalizeEnrolmentFields(input: EnrolmentFields): EnrolmentFields {
  const person = (p: Person): Person => ({
    name: cleanLine(p.name),
    relation: cleanLine(p.relation),
    phone: cleanLine(p.phone),
  })
  const people = (list: readonly Person[]) =>
    list.map(person).filter((p) => filled(p.name) || filled(p.relation) || filled(p.phone))
  const consent = <T extends Consent>(c: T | null): T | null => (c ? { ...c, name: cleanLine(c.name) } : null)
  return {
    ...input,
    emergencyContacts: people(input.emergencyContacts),
    collectors: people(input.collectors),
    mustNotCollect: cleanLines(input.mustNotCollect),
    allergies: cleanLines(input.allergies),
    conditions: cleanLines(input.conditions),
    medication: cleanLines(input.medication),
    doctor: {
      name: cleanLine(input.doctor.name),
      practice: cleanLine(input.doctor.practice),
      phone: cleanLine(input.doctor.phone),
    },
    photoConsent: consent(input.photoConsent),
    medicalConsent: consent(input.medicalConsent),
    policiesConsent: consent(input.policiesConsent),
  }
}

// --- Reading what is stored ---

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

function parsePerson(value: unknown): Person | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  return { name: str(v.name), relation: str(v.relation), phone: str(v.phone) }
}

function parseDocument(value: unknown): EnrolmentDocument | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const type = (DOCUMENT_TYPES as readonly unknown[]).includes(v.type) ? (v.type as DocumentType) : null
  return typeof v.path === 'string' && type ? { path: v.path, type, fileName: str(v.fileName) } : null
}

function parseConsent(value: unknown): Consent | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  return typeof v.name === 'string' && typeof v.at === 'number' ? { name: v.name, at: v.at } : null
}

/** Reads a stored document, or null if it is not an enrolment file. */
export function parseEnrolment(kidId: string, data: unknown, savedAt: number | null): StoredEnrolment | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.userRef !== 'string') return null
  const people = (value: unknown) =>
    Array.isArray(value) ? value.flatMap((p) => parsePerson(p) ?? []) : ([] as Person[])
  const doctor = parsePerson({ ...(d.doctor as object), relation: '' })
  const photo = parseConsent(d.photoConsent)
  const photoAnswer = (d.photoConsent as { answer?: unknown } | null)?.answer
  const policies = parseConsent(d.policiesConsent)
  const version = (d.policiesConsent as { version?: unknown } | null)?.version
  return {
    kidId,
    userRef: d.userRef,
    savedAt,
    emergencyContacts: people(d.emergencyContacts),
    collectors: people(d.collectors),
    mustNotCollect: str(d.mustNotCollect),
    allergies: str(d.allergies),
    conditions: str(d.conditions),
    medication: str(d.medication),
    actionPlan: parseDocument(d.actionPlan),
    immunisation: parseDocument(d.immunisation),
    immunisationDate: isStartDate(d.immunisationDate) ? d.immunisationDate : '',
    doctor: {
      name: doctor?.name ?? '',
      practice: str((d.doctor as { practice?: unknown } | null)?.practice),
      phone: doctor?.phone ?? '',
    },
    photoConsent:
      photo && (photoAnswer === 'yes' || photoAnswer === 'no') ? { ...photo, answer: photoAnswer } : null,
    medicalConsent: parseConsent(d.medicalConsent),
    policiesConsent: policies && typeof version === 'string' ? { ...policies, version } : null,
  }
}

/** The fields of a stored file (for the form). */
export function enrolmentFieldsOf(file: EnrolmentFields): EnrolmentFields {
  const {
    emergencyContacts,
    collectors,
    mustNotCollect,
    allergies,
    conditions,
    medication,
    actionPlan,
    immunisation,
    immunisationDate,
    doctor,
    photoConsent,
    medicalConsent,
    policiesConsent,
  } = file
  return {
    emergencyContacts,
    collectors,
    mustNotCollect,
    allergies,
    conditions,
    medication,
    actionPlan,
    immunisation,
    immunisationDate,
    doctor,
    photoConsent,
    medicalConsent,
    policiesConsent,
  }
}

/** '27 November 2026, 10:42' of a consent's moment, at the centre. */
export function consentTimeText(at: number, timeZone: string): string {
  const day = dateFormat('en-CA', { timeZone }).format(at)
  const time = dateFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(at)
  return `${formatStartDate(day)}, ${time}`
}

/** The documents a file names (for the zip and for clean-up). */
export function enrolmentDocuments(file: EnrolmentFields): EnrolmentDocument[] {
  return [file.actionPlan, file.immunisation].filter((doc): doc is EnrolmentDocument => doc !== null)
}
