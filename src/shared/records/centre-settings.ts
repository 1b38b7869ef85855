// Which e-mails the centre gets (centre/settings): one for each new registration, one for each new
// inquiry. Staff set them at /centre; the functions read them (functions/src/centre-mail.ts). Both are
// on until staff turn one off, so a new centre hears of everything.

export interface CentreMailChoices {
  readonly registrations: boolean
  readonly inquiries: boolean
}

export const DEFAULT_MAIL_CHOICES: CentreMailChoices = { registrations: true, inquiries: true }

/** The stored choices; a missing or unreadable one is on. */
export function parseCentreMailChoices(data: unknown): CentreMailChoices {
  const stored = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  return { registrations: stored.mailRegistrations !== false, inquiries: stored.mailInquiries !== false }
}

/** The fields firestore.rules accept, exactly. */
export function centreMailFields(choices: CentreMailChoices): {
  mailRegistrations: boolean
  mailInquiries: boolean
} {
  return { mailRegistrations: choices.registrations, mailInquiries: choices.inquiries }
}
