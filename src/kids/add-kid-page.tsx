// /add-kid: 'Add Your Child Info'. The submission goes through the outbox: online the overlay shows the
// upload, then 'Child added' and /profile; offline it is accepted at once (decisions 12).
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { newRandomId } from '../shared/records/ids'
import { defaultKidFields } from '../shared/records/kid-record'
import { KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { PrivateBrowsingNotice } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { useOutboxRuntime, usePersistentCache } from './kids-data'
import { getOutboxRuntime } from './outbox/outbox-runtime'
import type { PreparedPhoto } from './outbox/outbox-store'
import './kids.css'

export interface AddKidPageProps {
  readonly userId: string
  readonly preparePhotos?: (files: readonly File[]) => Promise<PreparedPhoto[]>
}

export function AddKidPage({ userId, preparePhotos }: AddKidPageProps) {
  const navigate = useNavigate()
  const runtime = useOutboxRuntime()
  const persistent = usePersistentCache()
  // The record id is made on the device once per form, so the child has the same id in the outbox,
  // in Firestore and in its photo paths, whatever happens on the way.
  const [kidId] = useState(() => newRandomId())
  const [initial] = useState(defaultKidFields)

  return (
    <KidForm
      title="Add Your Child Info"
      submitLabel="Add Child"
      initial={initial}
      photosRequired
      runtime={runtime}
      preparePhotos={preparePhotos}
      notice={persistent ? null : <PrivateBrowsingNotice />}
      onSubmit={async (fields, photos, onProgress) => {
        const outbox = runtime ?? (await getOutboxRuntime())
        const outcome = await submitAndWait(
          outbox,
          () => outbox.outbox.add({ userId, kidId, fields, photos: photos ?? [] }),
          { onProgress },
        )
        announceOutcome(outcome, kidMessages.childAdded)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
