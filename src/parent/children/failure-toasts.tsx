// The parent area says when a child's submission failed for good (the outbox only tells, in events):
// 'Images not uploaded', as the screen that waited for it would. Mounted once, in the parent area's
// layout. A screen still waiting for its own submission says it itself (kid-submission.ts claims it),
// so that failure is not toasted twice. Only the tab whose sender marked it failed hears of it.
import { useEffect } from 'react'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { SenderEvent } from '#parent/outbox/sender-events'
import { notify } from '#shared/ui/notify'
import { kidMessages } from './kid-messages'

/** What the toasts need of the outbox runtime. */
export interface FailureSource {
  readonly sender: { onEvent(listener: (event: SenderEvent) => void): () => void }
  isClaimed(submissionId: string): boolean
}

/** Toasts every failure nobody claimed, until the returned function is called. */
export function toastFailures(source: FailureSource): () => void {
  return source.sender.onEvent((event) => {
    // A permanent failure stops the submission and says so; the parent fixes it in Your Kids.
    if (event.type === 'failed' && !source.isClaimed(event.submissionId))
      void notify('error', kidMessages.imagesNotUploaded, { description: kidMessages.failedHint })
  })
}

export function FailureToasts() {
  const runtime = useOutbox()
  useEffect(() => toastFailures(runtime), [runtime])
  return null
}
