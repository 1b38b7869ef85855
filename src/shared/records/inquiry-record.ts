// The Quick Inquire form's record: one schema for the contact form, the Firebase adapter
// and firestore.rules, which enforces the same fields and limits server-side. Owned by the account feature.

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

/** Length limits per field (min, max) after trimming. firestore.rules repeats them. */
export const inquiryLimits: { readonly [K in InquiryField]: { readonly min: number; readonly max: number } } =
  {
    name: { min: 1, max: 80 },
    lastName: { min: 0, max: 80 },
    email: { min: 3, max: 254 },
    subject: { min: 0, max: 150 },
    message: { min: 1, max: 2000 },
  }

export const inquiryFields: readonly InquiryField[] = ['name', 'lastName', 'email', 'subject', 'message']

/** Trims every field and cuts it to its limit (the form's maxLength normally stops longer input). */
export function normalizeInquiry(input: InquiryRecord): InquiryRecord {
  const cut = (field: InquiryField) => input[field].trim().slice(0, inquiryLimits[field].max)
  return {
    name: cut('name'),
    lastName: cut('lastName'),
    email: cut('email'),
    subject: cut('subject'),
    message: cut('message'),
  }
}

/** Fields that would be refused by the rules (too short, or an e-mail without '@'); empty when valid. */
export function inquiryProblems(inquiry: InquiryRecord): InquiryField[] {
  const problems = inquiryFields.filter((field) => {
    const { length } = inquiry[field]
    return length < inquiryLimits[field].min || length > inquiryLimits[field].max
  })
  if (!problems.includes('email') && !/^[^@\s]+@[^@\s]+$/.test(inquiry.email)) problems.push('email')
  return problems
}
