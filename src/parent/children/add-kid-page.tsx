// /add-kid: 'Add Your Child Info'. The submission goes through the outbox: online the overlay shows the
// upload, then 'Child added' and /profile; offline, or on a connection that does not work, it is
// accepted within a few seconds and uploads by itself. Children already waiting on this device are named
// above the form, so a parent back from a reload does not add one twice.
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useOutbox } from '#parent/outbox/outbox-context'
import { isOpen } from '#parent/outbox/outbox-db'
import { clearSharedPhotos, type ShareNote, sharedPhotosNoteText } from '#shared/device/shared-photos'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { newRandomId } from '#shared/records/ids'
import { defaultKidFields, type KidFields, type KidPlan } from '#shared/records/kid-record'
import { KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { PrivateBrowsingNotice } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { useKeptOnDevice, useOutboxEntries, useStoredKids } from './kids-data'
import { type KidView, mergeKids } from './kids-view'
import { SharedPhotosOffer, useSharedFiles } from './shared-photos-offer'
import './kids.css'

export interface AddKidPageProps {
  readonly userId: string
  /** The account's name, for the Parent Name of a first child. */
  readonly accountName?: string | null | undefined
  /** Photos shared to the installed app, waiting on the device under this id. */
  readonly share?: string | undefined
  /** Why some or all of the shared photos were left out (too many, too large). */
  readonly shareNote?: ShareNote | undefined
  /** The plan chosen on a plan card ('Choose Plan'): preselected; otherwise the form's default. */
  readonly plan?: KidPlan | undefined
}

/** The children this parent added that still wait on this device. */
function QueuedChildren({ userId }: { readonly userId: string }) {
  const entries = useOutboxEntries(userId) ?? []
  const queued = entries.filter((entry) => entry.kind === 'add' && isOpen(entry))
  if (queued.length === 0) return null
  return (
    <p className="notice notice--info kid-notice" role="status">
      Already on this device, waiting to upload:{' '}
      {queued.map((entry, index) => (
        <span key={entry.id}>
          {index > 0 && ', '}
          <Link to="/kid/$kidId" params={{ kidId: entry.kidId }}>
            {entry.fields?.kidName}
          </Link>
        </span>
      ))}
      . {queued.length === 1 ? 'It uploads' : 'They upload'} by itself: no need to add{' '}
      {queued.length === 1 ? 'it' : 'them'} again.
    </p>
  )
}

/** In place of the form when the account already holds MAX_KIDS_PER_PARENT children. */
export function KidsBound({ count }: { readonly count: number }) {
  return (
    <div className="kid-page">
      <h1>Add Your Child Info</h1>
      <div className="notice notice--info kid-notice kids-bound" role="status">
        <p>
          You have {count} children registered. {kidMessages.kidsBound}
        </p>
        <p>
          <Link to="/profile">Back to My Profile</Link>
        </p>
      </div>
    </div>
  )
}

/**
 * Where the add form starts: the spec's defaults, the plan chosen, and the parent's name and phone from
 * their newest child (or the account's name for a first one), all editable. The child's own details,
 * the parent's age and the address are left for the parent to fill in.
 */
export function addFormStart(
  kids: readonly KidView[],
  options: { readonly plan?: KidPlan | undefined; readonly accountName?: string | null | undefined } = {},
): KidFields {
  const last = kids[0]?.fields
  return {
    ...defaultKidFields(),
    ...(options.plan ? { plan: options.plan } : {}),
    parentName: last?.parentName || options.accountName || '',
    parentPhone: last?.parentPhone ?? '',
  }
}

export function AddKidPage({ userId, accountName, share, shareNote, plan }: AddKidPageProps) {
  const navigate = useNavigate()
  const router = useRouter()
  // The parent goes back to their profile from here: its code and data are ready before they press.
  useEffect(() => {
    void router.preloadRoute({ to: '/profile' }).catch(() => undefined)
  }, [router])
  const runtime = useOutbox()
  const keptOnDevice = useKeptOnDevice()
  // The record id is made on the device once per form, so the child has the same id in the outbox,
  // in Firestore and in its photo paths, whatever happens on the way.
  const [kidId] = useState(() => newRandomId())
  const entries = useOutboxEntries(userId)
  const { kids: stored } = useStoredKids()
  // Read once, when the form opens (the route's loader has read the children already).
  const [initial] = useState(() => addFormStart(mergeKids(stored, entries ?? []), { plan, accountName }))
  // Counted when the form opens (the child being added must not close the form under the parent).
  const [kidCount] = useState(() => mergeKids(stored, entries ?? []).length)
  const sharedFiles = useSharedFiles(share)
  if (!sharedFiles) return null // read from the device in a moment
  // The account holds the most children it may: said before a form is filled in, not after.
  if (kidCount >= MAX_KIDS_PER_PARENT) return <KidsBound count={kidCount} />

  return (
    <KidForm
      title="Add Your Child Info"
      submitLabel="Add Child"
      initial={initial}
      photosRequired
      sharedFiles={sharedFiles}
      notice={
        <>
          {keptOnDevice ? null : <PrivateBrowsingNotice />}
          <QueuedChildren userId={userId} />
          {shareNote && (
            <p className="notice notice--info kid-notice" role="status">
              {sharedPhotosNoteText(shareNote)}
            </p>
          )}
          {share && sharedFiles.length > 0 && <SharedPhotosOffer share={share} userId={userId} />}
        </>
      }
      onSubmit={async (fields, photos, onProgress) => {
        const outcome = await submitAndWait(
          runtime,
          () =>
            runtime.outbox.add({
              userId,
              kidId,
              fields,
              photos: photos.photos.flatMap((photo) => (photo.kind === 'new' ? [photo.photo] : [])),
            }),
          { onProgress },
        )
        // In the outbox now, with their own copy: the shared ones are not needed any more.
        if (share) void clearSharedPhotos(share).catch(() => undefined)
        announceOutcome(outcome, kidMessages.childAdded)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
