// /edit-kid/{kidId}: 'Edit Your Child Info', pre-filled. The saved photos stay and new ones are added to
// them; the parent removes any and picks the cover (docs/decisions/0017). Editing a child still waiting in
// the outbox updates its queued submission.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { EditPhoto } from '#parent/outbox/edit-photos'
import { useOutbox } from '#parent/outbox/outbox-context'
import { clearSharedPhotos } from '#shared/device/shared-photos'
import { type FormPhotos, KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { KidLoader, PrivateBrowsingNotice, SyncStatus } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { useKeptOnDevice } from './kids-data'
import type { KidView, PhotoRef } from './kids-view'
import { useSharedFiles } from './shared-photos-offer'
import { useKidLookup } from './use-kid-lookup'
import './kids.css'

export interface EditKidPageProps {
  readonly kidId: string
  readonly userId: string
  /** Photos shared to the installed app, added to this child's photos. */
  readonly share?: string
}

/** A photo's storage path: fixed when it was queued, even while it is only on this device. */
function pathOf(photo: PhotoRef, kid: KidView): string {
  if (photo.kind === 'stored') return photo.path
  const queued = kid.entry?.photos.find((known) => known.id === photo.photoId)
  if (!queued) throw new Error('A photo is missing on this device')
  return queued.path
}

/** The edit's photos in the parent's order (null: as they were): kept ones by path, and new ones. */
function photosOfEdit(photos: FormPhotos, kid: KidView): EditPhoto[] | null {
  if (!photos.changed) return null
  return photos.photos.map((photo) => (photo.kind === 'new' ? photo.photo : { path: pathOf(photo, kid) }))
}

export function EditKidPage({ kidId, userId, share }: EditKidPageProps) {
  const navigate = useNavigate()
  const router = useRouter()
  // The parent goes back to their profile from here: its code and data are ready before they press.
  useEffect(() => {
    void router.preloadRoute({ to: '/profile' }).catch(() => undefined)
  }, [router])
  const keptOnDevice = useKeptOnDevice()
  const runtime = useOutbox()
  const lookup = useKidLookup(kidId, userId, kidMessages.notYours)
  // The form is filled once; later changes (the sender at work) must not reset what the parent types.
  const [kid, setKid] = useState<KidView | null>(null)
  if (!kid && lookup.state === 'ready') setKid(lookup.kid)

  const sharedFiles = useSharedFiles(share)
  if (!kid || !sharedFiles) return <KidLoader label="Loading child…" />

  return (
    <KidForm
      title="Edit Your Child Info"
      submitLabel="Edit Child"
      initial={kid.fields}
      currentPhotos={kid.photos}
      sharedFiles={sharedFiles}
      photosRequired={false}
      notice={
        <>
          {keptOnDevice ? null : <PrivateBrowsingNotice />}
          {kid.status === 'waiting' && (
            <div className="notice notice--info kid-notice">
              <p>
                Your earlier changes to {kid.fields.kidName} are still on this device, waiting to upload.
                Saving here updates them: nothing is sent twice.
              </p>
              <SyncStatus kid={kid} />
            </div>
          )}
        </>
      }
      onSubmit={async (fields, photos, onProgress) => {
        const chosen = photosOfEdit(photos, kid)
        const outcome = await submitAndWait(
          runtime,
          () =>
            runtime.outbox.edit({
              userId,
              kidId,
              fields,
              photos: chosen,
              shown: kid.photos.map((photo) => pathOf(photo, kid)),
              stored: kid.stored,
            }),
          { onProgress },
        )
        if (share) void clearSharedPhotos(share).catch(() => undefined)
        announceOutcome(outcome, kidMessages.childEdited)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
