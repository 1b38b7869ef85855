// /centre/inquiries: the Quick Inquire messages, newest first, a page at a time ('Show more'), with the
// sender's name, e-mail (a mailto link), subject, message and date; 'Mark handled' / 'Mark unhandled';
// 'Delete' (spam) after the site's own dialog. Offline a mark or a deletion is queued on this device (the
// list says so) and sent when the connection returns.
import { useEffect, useId, useRef, useState } from 'react'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import { ConfirmDialog } from '#shared/ui/confirm-dialog'
import { type CentreStore, inquiryCounts, useCentreState } from './centre-store'
import { useFirstScreenful } from './first-screenful'
import { mailtoHref } from './inquiries-view'
import { InquiryQuotaLine } from './inquiry-quota-line'
import { formatWhen } from './registrations-view'
import { type OrderKey, useSteadyOrder } from './steady-order'

export interface InquiriesPageProps {
  readonly store: CentreStore
}

/** The server orders the inquiries by their sending. */
const BY_SENDING: OrderKey<StoredInquiry> = (inquiry) => [inquiry.id, inquiry.sentAt ?? 0]

export function InquiriesPage({ store }: InquiriesPageProps) {
  const state = useCentreState(store)
  // Opened from the registrations before the store asked for the inquiries: now.
  useEffect(() => store.open('inquiries'), [store])
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Marks this device still has to send (offline): shown on their inquiry until the server has them.
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set())
  const [announcement, setAnnouncement] = useState('')
  const [deleting, setDeleting] = useState<StoredInquiry | null>(null)
  // The cards stay where staff saw them once the server has answered (decision 0094); new ones wait.
  const steady = useSteadyOrder(state.inquiries, state.inquiriesAnswered, BY_SENDING)
  const inquiries = state.inquiries && steady.shown
  const drawn = useFirstScreenful(inquiries?.length ?? 0)
  const counts = inquiryCounts(state)

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

  async function remove(inquiry: StoredInquiry) {
    setDeleting(null)
    try {
      const queued = await store.port.deleteInquiry(inquiry.id)
      setAnnouncement(`Inquiry from ${inquiry.name} deleted.`)
      queued.sent.catch(() =>
        setAnnouncement(`Deleting the inquiry from ${inquiry.name} was refused by the server.`),
      )
    } catch (error) {
      console.warn('The inquiry could not be deleted', error)
      setAnnouncement(`The inquiry from ${inquiry.name} could not be deleted. Please try again.`)
    }
  }

  return (
    <section aria-labelledby={headingId} className="centre-section">
      <div className="centre-section-head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Inquiries
        </h2>
      </div>
      <div className="centre-list-status" aria-live="polite">
        <p className="centre-muted">
          {inquiries === undefined
            ? 'Loading inquiries…'
            : `${counts.total} inquir${counts.total === 1 ? 'y' : 'ies'}, ${counts.unhandled} not handled` +
              (inquiries.length >= counts.total
                ? ''
                : steady.waiting.length > 0
                  ? ` (${inquiries.length} shown)`
                  : ` (the newest ${inquiries.length} shown)`)}
        </p>
        {steady.waiting.length > 0 && (
          <button type="button" className="button button--outline" onClick={steady.showWaiting}>
            Show {steady.waiting.length} new
          </button>
        )}
      </div>
      {/* The hour's count may come after the cards are drawn: its line is held, so they do not move. */}
      <div className="centre-quota-slot">
        <InquiryQuotaLine port={store.port} />
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ul className="centre-list">
        {inquiries?.slice(0, drawn).map((inquiry) => (
          <InquiryCard
            key={inquiry.id}
            inquiry={inquiry}
            waiting={waiting.has(inquiry.id)}
            onMark={(handled) => void mark(inquiry, handled)}
            onDelete={() => setDeleting(inquiry)}
          />
        ))}
      </ul>
      {state.moreInquiries && drawn === inquiries?.length && (
        <button
          type="button"
          className="button button--outline centre-more"
          onClick={store.showMoreInquiries}
        >
          Show more inquiries
        </button>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the inquiry from ${deleting.name}?`}
          onCancel={() => setDeleting(null)}
          // Its card is gone after a delete: keep keyboard users in the list.
          returnFocus={() => headingRef.current}
          actions={
            <>
              <button
                type="button"
                className="confirm-dialog__button confirm-dialog__button--danger"
                onClick={() => void remove(deleting)}
              >
                Delete inquiry
              </button>
              <button
                type="button"
                className="confirm-dialog__button"
                onClick={() => setDeleting(null)}
                data-autofocus
              >
                Cancel
              </button>
            </>
          }
        >
          <p>
            “{deleting.subject || deleting.message.slice(0, 80)}” is removed for every member of staff. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}

interface InquiryCardProps {
  readonly inquiry: StoredInquiry
  readonly waiting: boolean
  readonly onMark: (handled: boolean) => void
  readonly onDelete: () => void
}

function InquiryCard({ inquiry, waiting, onMark, onDelete }: InquiryCardProps) {
  const nameId = useId()
  const name = [inquiry.name, inquiry.lastName].filter(Boolean).join(' ')
  return (
    <li className={`centre-card ${inquiry.handled ? 'centre-card--handled' : 'centre-card--new'}`}>
      <article aria-labelledby={nameId}>
        <div className="centre-card-head">
          <h3 id={nameId}>{inquiry.subject || '(no subject)'}</h3>
          {/* Told apart by more than colour: a mark and a different shape. */}
          <span className={`centre-badge ${inquiry.handled ? 'centre-badge--done' : 'centre-badge--open'}`}>
            <span aria-hidden="true">{inquiry.handled ? '✓ ' : '● '}</span>
            {inquiry.handled ? 'Handled' : 'Not handled'}
          </span>
        </div>
        <p className="centre-from">
          From {name}, <a href={mailtoHref(inquiry.email)}>{inquiry.email}</a>
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
          <button type="button" className="button button--ghost centre-delete" onClick={onDelete}>
            Delete <span className="visually-hidden">inquiry from {name}</span>
          </button>
          {waiting && <span className="centre-muted">Waiting to be sent</span>}
        </div>
      </article>
    </li>
  )
}
