// /edit-kid/{kidId}: 'Edit Your Child Info', pre-filled. Photos stay unless new ones are chosen
// (the new set replaces the old). Editing a child still waiting in the outbox updates its queued submission.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { clearSharedPhotos } from '../shared/device/shared-photos'
import { type FormPhotos, KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { photoBlob } from './kid-photo'
import { KidLoader, PrivateBrowsingNotice, SyncStatus } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { useKeptOnDevice } from './kids-data'
import type { KidView } from './kids-view'
import { useOutbox } from './outbox/outbox-context'
import type { OutboxRuntime } from './outbox/outbox-runtime'
import type { PreparedPhoto } from './outbox/outbox-store'
import { useSharedFiles } from './shared-photos-offer'
import { useKidLookup } from './use-kid-lookup'
import './kids.css'

export interface EditKidPageProps {
  readonly kidId: string
  readonly userId: string
  /** Photos shared to the installed app, to replace this child's photos. */
  readonly share?: string
}

/**
 * What an edit does with the photos: new ones replace the old; the saved ones may stay as they are, or
 * fewer of them, or another cover. Photos still only on this device cannot be named by a storage path:
 * then the chosen ones are queued again, as the new set.
 */
async function photosOfEdit(photos: FormPhotos, runtime: OutboxRuntime) {
  if (photos.kind === 'new') return { photos: photos.photos }
  if (!photos.changed) return { photos: null }
  const paths = photos.photos.flatMap((photo) => (photo.kind === 'stored' ? [photo.path] : []))
  if (paths.length === photos.photos.length) return { photos: null, keptPaths: paths }
  const prepared: PreparedPhoto[] = []
  for (const [index, photo] of photos.photos.entries()) {
    const blob = await photoBlob(photo, runtime)
    if (!blob) throw new Error('A photo is missing on this device')
    const type = blob.type === 'image/png' ? 'image/png' : 'image/jpeg'
    prepared.push({ name: `photo-${index + 1}.jpg`, type, data: await blob.arrayBuffer() })
  }
  return { photos: prepared }
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
        const chosen = await photosOfEdit(photos, runtime)
        const outcome = await submitAndWait(
          runtime,
          () => runtime.outbox.edit({ userId, kidId, fields, ...chosen, stored: kid.stored }),
          { onProgress },
        )
        if (share) void clearSharedPhotos(share).catch(() => undefined)
        announceOutcome(outcome, kidMessages.childEdited)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
