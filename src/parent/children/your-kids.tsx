// 'Your Kids' on /profile: shown only when the parent has children. Each item has its cover, name,
// gender and '{plan} Plan', links to the detail, and has edit and delete icons. Children with a change
// still on this device say how far it is; failed ones offer Retry and Discard. An open offer is answered
// on the card too ('Accept', 'Decline'), as on the child's page (offer-answer.tsx).
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { EnrolmentPrompt } from '#parent/offers/enrolment-prompt'
import { OfferReplies, useOfferAnswering } from '#parent/offers/offer-answer'
import { StandingBadge } from '#parent/offers/registration-status'
import { useOutbox } from '#parent/outbox/outbox-context'
import { ConfirmDialog } from '#shared/ui/confirm-dialog'
import { notify } from '#shared/ui/notify'
import { ChildDay } from './child-day'
import { kidMessages } from './kid-messages'
import { KidPhoto } from './kid-photo'
import { DeleteIcon, EditIcon, KidStatusBadge, PrivateBrowsingNotice, SyncStatus } from './kid-status'
import { useKeptOnDevice, useOutboxEntries, useStoredKids } from './kids-data'
import { failureText, formatPlan, type KidView, mergeKids } from './kids-view'
import './kids.css'

export interface YourKidsProps {
  readonly userId: string
}

export function YourKids({ userId }: YourKidsProps) {
  const runtime = useOutbox()
  const entries = useOutboxEntries(userId)
  const { kids: stored, failed } = useStoredKids()
  const keptOnDevice = useKeptOnDevice()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The question on screen: delete a child, or discard its changes that were not uploaded.
  const [asking, setAsking] = useState<{ readonly kind: 'delete' | 'discard'; readonly kid: KidView } | null>(
    null,
  )
  const [answering, setAnswering] = useState(false)
  // A child just deleted: once its row (and the focused button in it) is gone, focus moves on.
  const [deleted, setDeleted] = useState<string | null>(null)
  const listed = entries ? mergeKids(stored, entries) : null
  const deletedListed = deleted !== null && Boolean(listed?.some((kid) => kid.id === deleted))
  useEffect(() => {
    if (deleted === null || deletedListed) return
    setDeleted(null)
    // To 'Your Kids' while children remain; with the last one gone, to the page's heading.
    const target = headingRef.current ?? document.querySelector<HTMLElement>('main h1')
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus()
  }, [deleted, deletedListed])

  const notice = (
    <>
      {keptOnDevice ? null : <PrivateBrowsingNotice />}
      {failed && (
        <p className="notice notice--error kid-notice" role="alert">
          Your children could not be loaded. Please try again later.
        </p>
      )}
    </>
  )
  // The outbox's children show at once; saved ones join when Firestore answers (it may be slow).
  if (!listed) return notice
  const kids = listed
  // The list appears only if the parent has children.
  if (kids.length === 0) return notice

  async function deleteKid(kid: KidView) {
    setAnswering(true)
    try {
      await runtime.outbox.remove({ userId, kidId: kid.id, stored: kid.stored })
    } catch (error) {
      console.error('The child could not be deleted', error)
      void notify('error', 'The child could not be deleted. Please try again.')
      return
    } finally {
      setAnswering(false)
      setAsking(null)
    }
    setDeleted(kid.id)
    runtime.send()
    void notify('success', kidMessages.childDeleted)
  }

  async function discard(kid: KidView) {
    setAnswering(true)
    try {
      if (kid.entry) await runtime.outbox.discard(kid.entry.id)
    } finally {
      setAnswering(false)
      setAsking(null)
    }
    runtime.send()
  }

  return (
    <section className="your-kids" aria-labelledby={headingId} id="your-kids">
      {notice}
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Your Kids
      </h2>
      <ul className="kids-list">
        {kids.map((kid) => (
          <KidCard
            key={kid.id}
            kid={kid}
            failure={failureText(kid, kids)}
            userId={userId}
            onDelete={() => setAsking({ kind: 'delete', kid })}
            onDiscard={() => setAsking({ kind: 'discard', kid })}
          />
        ))}
      </ul>
      {asking && (
        <ConfirmDialog
          title={
            asking.kind === 'delete'
              ? kidMessages.confirmDelete
              : `Discard the changes to ${asking.kid.fields.kidName} that were not uploaded?`
          }
          onCancel={() => setAsking(null)}
          busy={answering}
          // The focused button is gone with its row after a delete: keep keyboard users in the list.
          returnFocus={() => headingRef.current}
          actions={
            <>
              <button
                type="button"
                className="confirm-dialog__button confirm-dialog__button--danger"
                disabled={answering}
                onClick={() => void (asking.kind === 'delete' ? deleteKid(asking.kid) : discard(asking.kid))}
              >
                {asking.kind === 'delete' ? `Delete ${asking.kid.fields.kidName}` : 'Discard'}
              </button>
              <button
                type="button"
                className="confirm-dialog__button"
                disabled={answering}
                onClick={() => setAsking(null)}
                data-autofocus
              >
                Cancel
              </button>
            </>
          }
        >
          <p>
            {asking.kind === 'delete'
              ? deleteQuestion(asking.kid)
              : 'They are removed from this device and will not be uploaded.'}
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}

/** Names the child and what goes with it. */
function deleteQuestion(kid: KidView): string {
  const count = kid.photos.length
  const photos = count === 0 ? '' : count === 1 ? ' and their photo' : ` and their ${count} photos`
  return `${kid.fields.kidName}${photos} will be removed for good.`
}

interface KidCardProps {
  readonly kid: KidView
  /** Why its change failed, in words (kids-view.ts, failureText). */
  readonly failure?: string | null
  readonly userId: string
  readonly onDelete: () => void
  readonly onDiscard: () => void
}

function KidCard({ kid, failure, userId, onDelete, onDiscard }: KidCardProps) {
  const runtime = useOutbox()
  const name = kid.fields.kidName
  const entry = kid.entry
  const answering = useOfferAnswering(kid.id, name, userId, kid.stored !== null)

  async function retry() {
    if (!entry) return
    await runtime.outbox.retry(entry.id)
    runtime.send()
  }

  return (
    <li className={`kid-card kid-card--${kid.status}`}>
      <div className="kid-card-main">
        <Link to="/kid/$kidId" params={{ kidId: kid.id }} className="kid-card-link">
          <KidPhoto
            photo={kid.photos[0]}
            // Decorative here: the link's own text names the child.
            alt=""
            className="kid-card-cover"
            width={96}
            height={96}
          />
          <span className="kid-card-text">
            <strong className="kid-card-name">{name}</strong>
            <span>{kid.fields.kidGender}</span>
            <span>{formatPlan(kid.fields.plan)}</span>
            <StandingBadge standing={answering.standing} />
            <KidStatusBadge status={kid.status} />
            <ChildDay kidId={kid.id} userId={userId} />
          </span>
        </Link>
        <div className="kid-card-actions">
          <Link
            to="/edit-kid/$kidId"
            params={{ kidId: kid.id }}
            className="kid-icon-button"
            aria-label={`Edit ${name}`}
            title={`Edit ${name}`}
          >
            <EditIcon />
          </Link>
          <button
            type="button"
            className="kid-icon-button kid-icon-button--danger"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
            title={`Delete ${name}`}
          >
            <DeleteIcon />
          </button>
        </div>
      </div>
      <EnrolmentPrompt kidId={kid.id} kidName={name} onServer={kid.stored !== null} />
      <div className="kid-card-offer">
        <OfferReplies answering={answering} />
      </div>
      <SyncStatus kid={kid} />
      {kid.status === 'failed' && (
        <div className="kid-card-recovery">
          {failure && <p className="kid-error">{failure}</p>}
          <button
            type="button"
            className="kid-text-button"
            onClick={() => void retry()}
            aria-label={`Retry uploading ${name}`}
          >
            Retry
          </button>
          <button
            type="button"
            className="kid-text-button"
            onClick={onDiscard}
            aria-label={`Discard the changes to ${name}`}
          >
            Discard
          </button>
        </div>
      )}
    </li>
  )
}
