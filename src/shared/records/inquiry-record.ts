// The Quick Inquire form's record: one schema for the contact form, the Firebase adapter
// and firestore.rules, which enforces the same fields and limits server-side.
// Text rules (no control or text-direction characters, never only spaces, lengths in characters) are in
// record-text.ts; only the message may hold line breaks.
import { INQUIRY_EMAIL_PATTERN } from './inquiry-email'
import { cleanLine, cleanLines, cutToCharacters, textProblem } from './record-text'

export { INQUIRY_EMAIL_INPUT_PATTERN, INQUIRY_EMAIL_PATTERN } from './inquiry-email'

export interface InquiryRecord {
  readonly name: string
  readonly lastName: string
  readonly email: string
  readonly subject: string
  readonly message: string
}

/**
 * What the form sends: the record, plus a honeypot field hidden from people (only bots fill it in).
 * The adapter drops a message whose honeypot is filled, and never stores the honeypot itself.
 */
export interface InquirySubmission extends InquiryRecord {
  readonly website: string
}

export type InquiryField = keyof InquiryRecord

/**
 * Length limits per field (min, max) in characters after trimming. firestore.rules repeats them. A field
 * with min 0 may be empty, but never only spaces.
 */
export const inquiryLimits: { readonly [K in InquiryField]: { readonly min: number; readonly max: number } } =
  {
    name: { min: 1, max: 80 },
    lastName: { min: 0, max: 80 },
    email: { min: 3, max: 254 },
    subject: { min: 0, max: 150 },
    message: { min: 1, max: 2000 },
  }

export const inquiryFields: readonly InquiryField[] = ['name', 'lastName', 'email', 'subject', 'message']

/** The one field that may hold line breaks; the subject, like the names and the e-mail, is one line. */
export const INQUIRY_MULTILINE_FIELDS: readonly InquiryField[] = ['message']

/**
 * Makes every field fit the rules (record-text.ts) and cuts it to its limit in characters, never through
 * an emoji (the form's maxLength normally stops longer input). One-line fields, the subject included, get
 * single spaces for any white space; the message keeps its line breaks as '\n'.
 */
export function normalizeInquiry(input: InquiryRecord): InquiryRecord {
  const cut = (field: InquiryField) => {
    const clean = INQUIRY_MULTILINE_FIELDS.includes(field)
      ? cleanLines(input[field])
      : cleanLine(input[field])
    return cutToCharacters(clean, inquiryLimits[field].max).trim()
  }
  return {
    name: cut('name'),
    lastName: cut('lastName'),
    email: cut('email'),
    subject: cut('subject'),
    message: cut('message'),
  }
}

/**
 * Fields that would be refused by the rules (blank where required, too long, a character the rules refuse,
 * or an e-mail that isInquiryEmail refuses); empty when valid.
 */
export function inquiryProblems(inquiry: InquiryRecord): InquiryField[] {
  const problems = inquiryFields.filter(
    (field) =>
      typeof inquiry[field] !== 'string' ||
      textProblem(inquiry[field], {
        ...inquiryLimits[field],
        multiline: INQUIRY_MULTILINE_FIELDS.includes(field),
      }) !== null,
  )
  if (!problems.includes('email') && !isInquiryEmail(inquiry.email)) problems.push('email')
  return problems
}

export function isInquiryEmail(email: string): boolean {
  return INQUIRY_EMAIL_PATTERN.test(email)
}

/** An inquiry as staff read it at /centre: the sender's words, when it came, and the centre's mark. */
export interface StoredInquiry extends InquiryRecord {
  readonly id: string
  /** Server time in ms; null if unknown. */
  readonly sentAt: number | null
  /** Set by staff only ('Mark handled' / 'Mark unhandled'); false until then. */
  readonly handled: boolean
  readonly handledBy: string | null
}

/** The fields staff may change on an inquiry, and nothing else (firestore.rules). */
export const INQUIRY_HANDLED_FIELDS = ['handled', 'handledAt', 'handledBy'] as const

/** A stored inquiry from its data, or null when it lacks the sender's fields. */
export function parseStoredInquiry(id: string, data: unknown, sentAt: number | null): StoredInquiry | null {
  if (typeof data !== 'object' || data === null) return null
  const record = data as Record<string, unknown>
  const text = (field: InquiryField) => (typeof record[field] === 'string' ? (record[field] as string) : null)
  const [name, lastName, email, subject, message] = inquiryFields.map(text)
  if (name == null || lastName == null || email == null || subject == null || message == null) return null
  return {
    id,
    name,
    lastName,
    email,
    subject,
    message,
    sentAt,
    handled: record.handled === true,
    handledBy: typeof record.handledBy === 'string' ? record.handledBy : null,
  }
}
