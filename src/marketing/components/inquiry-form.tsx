import { type FormEvent, useRef, useState } from 'react'
import type { QueuedWrite } from '#shared/backend/backend-ports'
import { type InquiryRefusalReason, isInquiryRefused } from '#shared/backend/inquiry-refused'
import { siteConfig } from '#shared/config/site-config'
import { INQUIRY_EMAIL_INPUT_PATTERN } from '#shared/records/inquiry-email'
import type { InquirySubmission } from '#shared/records/inquiry-record'

/** Sends an inquiry: resolves once it is kept on the device, its `sent` once the server has it. */
export type SendInquiry = (inquiry: InquirySubmission) => Promise<QueuedWrite>

type FormStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'kept'; readonly name: string }
  | { readonly kind: 'sent'; readonly name: string }
  | { readonly kind: 'failed' }
  | { readonly kind: 'refused'; readonly reason: InquiryRefusalReason }
  | { readonly kind: 'unavailable' }

export const inquiryMessages = {
  sending: 'Sending your message…',
  // Until the server has it, the message only is on this device (the adapter's outbox): say so.
  kept: (name: string) =>
    `Thank you, ${name}! Your message is kept on this device and will be sent by itself as soon as our server can be reached.`,
  sent: (name: string) =>
    `Thank you, ${name}! Your message has reached us and we will reply within one working day.`,
  failed: `Sorry, your message could not be sent. Please try again, or call us on ${siteConfig.phone}.`,
  // The server's refusals (decision 0024): the message is not kept, and the visitor is told why.
  refused: {
    'too-many': `Sorry, this message was not sent: we have already had 5 messages from this device or connection in the last hour. Please try again in an hour, or call us on ${siteConfig.phone}.`,
    invalid: `Sorry, your message could not be sent. Please try again, or call us on ${siteConfig.phone}.`,
    'not-verified': `Sorry, this message was not sent: the page could not confirm it came from our site. Please reload the page and try again, or call us on ${siteConfig.phone}.`,
  } satisfies Record<InquiryRefusalReason, string>,
  unavailable: `Sending messages from this page is not available yet. Please call us on ${siteConfig.phone} or e-mail ${siteConfig.email}.`,
} as const

/**
 * How long the server may take before the form says the message is kept on this device. A working
 * connection answers in about 100 ms: saying "kept on this device" for that moment, then "has reached
 * us", told every sender the site was offline (issue 38). Until then the form keeps saying it is sending.
 */
export const KEPT_NOTICE_DELAY_MS = 1_000

/** Field limits, so a pasted novel cannot ride along into the inbox. */
const limits = { name: 80, lastName: 80, email: 254, subject: 150, message: 2000 } as const

function readInquiry(form: HTMLFormElement): InquirySubmission {
  const data = new FormData(form)
  const text = (field: keyof InquirySubmission) => String(data.get(field) ?? '').trim()
  return {
    name: text('name'),
    lastName: text('lastName'),
    email: text('email'),
    subject: text('subject'),
    message: text('message'),
    website: text('website'),
  }
}

/**
 * The 'Quick Inquire' form. The browser checks the fields; sending is the caller's job (`onSend`).
 * Without `onSend` the form never reloads the page and says plainly that it cannot send yet.
 */
export function InquiryForm({ onSend }: { readonly onSend?: SendInquiry | undefined }) {
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' })
  // Only the latest message's answer from the server changes what the form says.
  const latest = useRef(0)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (!onSend) {
      setStatus({ kind: 'unavailable' })
      return
    }
    const inquiry = readInquiry(form)
    const attempt = ++latest.current
    setStatus({ kind: 'sending' })
    try {
      const { sent } = await onSend(inquiry)
      // Kept on this device: the form can be cleared; what to say waits for the server a moment.
      form.reset()
      const keptNotice = setTimeout(() => {
        if (attempt === latest.current) setStatus({ kind: 'kept', name: inquiry.name })
      }, KEPT_NOTICE_DELAY_MS)
      sent.then(
        () => {
          clearTimeout(keptNotice)
          if (attempt === latest.current) setStatus({ kind: 'sent', name: inquiry.name })
        },
        (error: unknown) => {
          clearTimeout(keptNotice)
          if (attempt === latest.current)
            setStatus(
              isInquiryRefused(error) ? { kind: 'refused', reason: error.reason } : { kind: 'failed' },
            )
        },
      )
    } catch {
      setStatus({ kind: 'failed' })
    }
  }

  const sending = status.kind === 'sending'
  return (
    <form className="inquiry-form" onSubmit={submit} aria-labelledby="quick-inquire">
      <h2 id="quick-inquire" className="inquiry-form__title">
        Quick Inquire
      </h2>
      <p className="inquiry-form__intro">
        Questions about places, plans or a visit? Send us a note. All fields are required.
      </p>
      {/* A honeypot: hidden from people and from assistive technology, filled in only by bots. */}
      <div className="inquiry-form__trap" aria-hidden="true">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="inquiry-name">First name</label>
          <input id="inquiry-name" name="name" autoComplete="given-name" required maxLength={limits.name} />
        </div>
        <div className="field">
          <label htmlFor="inquiry-last-name">Last name</label>
          <input
            id="inquiry-last-name"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={limits.lastName}
          />
        </div>
        <div className="field">
          <label htmlFor="inquiry-email">Email</label>
          <input
            id="inquiry-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={limits.email}
            pattern={INQUIRY_EMAIL_INPUT_PATTERN}
            title="An e-mail address, without spaces or any of ? & # % , ; / \"
          />
        </div>
        <div className="field">
          <label htmlFor="inquiry-subject">Subject</label>
          <input id="inquiry-subject" name="subject" required maxLength={limits.subject} />
        </div>
        <div className="field field--wide">
          <label htmlFor="inquiry-message">Message</label>
          <textarea id="inquiry-message" name="message" rows={5} required maxLength={limits.message} />
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={sending}>
        Submit Now
      </button>
      <div className="inquiry-form__status" role="status" aria-live="polite">
        {status.kind === 'sending' ? <p>{inquiryMessages.sending}</p> : null}
        {status.kind === 'kept' ? (
          <p className="notice notice--info">{inquiryMessages.kept(status.name)}</p>
        ) : null}
        {status.kind === 'sent' ? (
          <p className="notice notice--success">{inquiryMessages.sent(status.name)}</p>
        ) : null}
        {status.kind === 'unavailable' ? (
          <p className="notice notice--info">{inquiryMessages.unavailable}</p>
        ) : null}
      </div>
      <div className="inquiry-form__status" role="alert">
        {status.kind === 'failed' ? <p className="notice notice--error">{inquiryMessages.failed}</p> : null}
        {status.kind === 'refused' ? (
          <p className="notice notice--error">{inquiryMessages.refused[status.reason]}</p>
        ) : null}
      </div>
    </form>
  )
}
