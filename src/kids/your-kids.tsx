// 'Your Kids' on /profile: shown only when the parent has children. Each item has its cover, name,
// gender and '{plan} Plan', links to the detail, and has edit and delete icons. Children with a change
// still on this device say how far it is; failed ones offer Retry and Discard.
import { Link } from '@tanstack/react-router'
import { useId, useRef } from 'react'
import { notify } from '../shared/ui/notify'
import { formatPlan } from './kid-format'
import { kidMessages } from './kid-messages'
import { KidPhoto } from './kid-photo'
import { DeleteIcon, EditIcon, KidStatusBadge, PrivateBrowsingNotice, SyncStatus } from './kid-status'
import { useKeptOnDevice, useOutboxEntries, useStoredKids } from './kids-data'
import { type KidView, mergeKids } from './kids-view'
import { useOutbox } from './outbox/outbox-context'
import './kids.css'

export interface YourKidsProps {
  readonly userId: string
}

export function YourKids({ userId }: YourKidsProps) {
  const runtime = useOutbox()
  const entries = useOutboxEntries(userId)
  const { kids: stored, failed } = useStoredKids(userId)
  const keptOnDevice = useKeptOnDevice()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)

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
  if (!entries) return notice
  const kids = mergeKids(stored, entries)
  // The list appears only if the parent has children.
  if (kids.length === 0) return notice

  async function onDelete(kid: KidView) {
    if (!window.confirm(kidMessages.confirmDelete)) return
    try {
      await runtime.outbox.remove({ userId, kidId: kid.id, stored: kid.stored })
    } catch (error) {
      console.error('The child could not be deleted', error)
      void notify('error', 'The child could not be deleted. Please try again.')
      return
    }
    runtime.send()
    void notify('success', kidMessages.childDeleted)
    // The focused button is gone with its row: keep keyboard users in the list.
    headingRef.current?.focus()
  }

  return (
    <section className="your-kids" aria-labelledby={headingId} id="your-kids">
      {notice}
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Your Kids
      </h2>
      <ul className="kids-list">
        {kids.map((kid) => (
          <KidCard key={kid.id} kid={kid} onDelete={() => void onDelete(kid)} />
        ))}
      </ul>
    </section>
  )
}

interface KidCardProps {
  readonly kid: KidView
  readonly onDelete: () => void
}

function KidCard({ kid, onDelete }: KidCardProps) {
  const runtime = useOutbox()
  const name = kid.fields.kidName
  const entry = kid.entry

  async function retry() {
    if (!entry) return
    await runtime.outbox.retry(entry.id)
    runtime.send()
  }

  async function discard() {
    if (!entry) return
    if (!window.confirm(`Discard the changes to ${name} that were not uploaded?`)) return
    await runtime.outbox.discard(entry.id)
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
            <KidStatusBadge status={kid.status} />
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
      <SyncStatus kid={kid} />
      {kid.status === 'failed' && (
        <div className="kid-card-recovery">
          {entry?.error && <p className="kid-error">{entry.error}</p>}
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
            onClick={() => void discard()}
            aria-label={`Discard the changes to ${name}`}
          >
            Discard
          </button>
        </div>
      )}
    </li>
  )
}
