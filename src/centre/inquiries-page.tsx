// /centre/inquiries: every Quick Inquire message, newest first, with the sender's name, e-mail (a mailto
// link), subject, message and date; 'Mark handled' / 'Mark unhandled'. Offline the mark is queued on this
// device (the list says so) and sent when the connection returns.
import { useId, useState } from 'react'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import { type CentreStore, unhandledCount, useCentreState } from './centre-store'
import { formatWhen } from './registrations-view'

export interface InquiriesPageProps {
  readonly store: CentreStore
}

export function InquiriesPage({ store }: InquiriesPageProps) {
  const state = useCentreState(store)
  const headingId = useId()
  // Marks this device still has to send (offline): shown on their inquiry until the server has them.
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set())
  const [announcement, setAnnouncement] = useState('')
  const inquiries = state.inquiries

  async function mark(inquiry: StoredInquiry, handled: boolean) {
    const who = inquiry.name
    try {
      const queued = await store.port.markInquiry(inquiry.id, handled)
      setWaiting((ids) => new Set(ids).add(inquiry.id))
      setAnnouncement(
        handled ? `Inquiry from ${who} marked handled.` : `Inquiry from ${who} marked unhandled.`,
      )
      queued.sent
        .catch(() => setAnnouncement(`The mark on the inquiry from ${who} was refused by the server.`))
        .finally(() =>
          setWaiting((ids) => {
            const next = new Set(ids)
            next.delete(inquiry.id)
            return next
          }),
        )
    } catch (error) {
      console.warn('The inquiry could not be marked', error)
      setAnnouncement(`The inquiry from ${who} could not be marked. Please try again.`)
    }
  }

  return (
    <section aria-labelledby={headingId} className="centre-section">
      <div className="centre-section-head">
        <h2 id={headingId}>Inquiries</h2>
      </div>
      <p className="centre-muted" aria-live="polite">
        {inquiries === undefined
          ? 'Loading inquiries…'
          : `${inquiries.length} inquir${inquiries.length === 1 ? 'y' : 'ies'}, ${unhandledCount(state)} not handled`}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ul className="centre-list">
        {inquiries?.map((inquiry) => (
          <InquiryCard
            key={inquiry.id}
            inquiry={inquiry}
            waiting={waiting.has(inquiry.id)}
            onMark={(handled) => void mark(inquiry, handled)}
          />
        ))}
      </ul>
    </section>
  )
}

interface InquiryCardProps {
  readonly inquiry: StoredInquiry
  readonly waiting: boolean
  readonly onMark: (handled: boolean) => void
}

function InquiryCard({ inquiry, waiting, onMark }: InquiryCardProps) {
  const nameId = useId()
  const name = [inquiry.name, inquiry.lastName].filter(Boolean).join(' ')
  return (
    <li className={`centre-card ${inquiry.handled ? 'centre-card--handled' : 'centre-card--new'}`}>
      <article aria-labelledby={nameId}>
        <div className="centre-card-head">
          <h3 id={nameId}>{inquiry.subject || '(no subject)'}</h3>
          <span className="centre-badge">{inquiry.handled ? 'Handled' : 'Not handled'}</span>
        </div>
        <p className="centre-from">
          From {name}, <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
          {inquiry.sentAt !== null && (
            <>
              {' '}
              on <time dateTime={new Date(inquiry.sentAt).toISOString()}>{formatWhen(inquiry.sentAt)}</time>
            </>
          )}
        </p>
        <p className="centre-message">{inquiry.message}</p>
        <div className="centre-actions">
          <button
            type="button"
            className={inquiry.handled ? 'button button--ghost' : 'button button--primary'}
            onClick={() => onMark(!inquiry.handled)}
          >
            {inquiry.handled ? 'Mark unhandled' : 'Mark handled'}{' '}
            <span className="visually-hidden">(inquiry from {name})</span>
          </button>
          {waiting && <span className="centre-muted">Waiting to be sent</span>}
        </div>
      </article>
    </li>
  )
}
