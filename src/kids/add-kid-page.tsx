// /add-kid: 'Add Your Child Info'. The submission goes through the outbox: online the overlay shows the
// upload, then 'Child added' and /profile; offline it is accepted at once.
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { newRandomId } from '../shared/records/ids'
import { defaultKidFields } from '../shared/records/kid-record'
import { KidForm } from './kid-form'
import { kidMessages } from './kid-messages'
import { PrivateBrowsingNotice } from './kid-status'
import { announceOutcome, submitAndWait } from './kid-submission'
import { usePersistentCache } from './kids-data'
import { useOutbox } from './outbox/outbox-context'
import './kids.css'

export interface AddKidPageProps {
  readonly userId: string
}

export function AddKidPage({ userId }: AddKidPageProps) {
  const navigate = useNavigate()
  const runtime = useOutbox()
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
      notice={persistent ? null : <PrivateBrowsingNotice />}
      onSubmit={async (fields, photos, onProgress) => {
        const outcome = await submitAndWait(
          runtime,
          () => runtime.outbox.add({ userId, kidId, fields, photos: photos ?? [] }),
          { onProgress },
        )
        announceOutcome(outcome, kidMessages.childAdded)
        await navigate({ to: '/profile' })
      }}
    />
  )
}
