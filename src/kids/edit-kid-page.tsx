// /edit-kid/{kidId}: 'Edit Your Child Info', pre-filled. Photos stay unless new ones are chosen
// (the new set replaces the old). Editing a child still waiting in the outbox updates its queued submission.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { KidLoader, PrivateBrowsingNotice, SyncStatus } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { useKeptOnDevice } from './kids-data'
import type { KidView } from './kids-view'
import { useOutbox } from './outbox/outbox-context'
import { useKidLookup } from './use-kid-lookup'
import './kids.css'

export interface EditKidPageProps {
  readonly kidId: string
  readonly userId: string
}

export function EditKidPage({ kidId, userId }: EditKidPageProps) {
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

  if (!kid) return <KidLoader label="Loading child…" />

  return (
    <KidForm
      title="Edit Your Child Info"
      submitLabel="Edit Child"
      initial={kid.fields}
      currentPhotos={kid.photos}
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
        const outcome = await submitAndWait(
          runtime,
          () => runtime.outbox.edit({ userId, kidId, fields, photos, stored: kid.stored }),
          { onProgress },
        )
        announceOutcome(outcome, kidMessages.childEdited)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
