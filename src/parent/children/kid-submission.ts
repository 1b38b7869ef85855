// Queues an add or edit submission and waits, briefly, for what the screen should say. Online, the
// overlay shows the upload until the record is handed to Firestore. But a parent is never held up by a
// connection that does not work: offline, the submission is accepted at once; online, when the upload
// makes no progress for a few seconds (a weak or captive connection) or fails for now, it is accepted
// too and finishes by itself in the background. Only a failure that retrying will not fix is red.

import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { SenderEvent } from '#parent/outbox/sender-events'
import { notify } from '#shared/ui/notify'
import { kidMessages } from './kid-messages'

/** sent: in Firestore's queue. offline: accepted offline. kept: accepted, still uploading. failed: permanent. */
export type SubmitOutcome = 'sent' | 'offline' | 'kept' | 'failed'

/** With no upload progress for this long, the screen lets the parent go; the outbox keeps going. */
export const STALL_MS = 3_000

export interface SubmitOptions {
  readonly onProgress?: (fraction: number) => void
  readonly stallMs?: number
  readonly isOnline?: () => boolean
}

export async function submitAndWait(
  runtime: OutboxRuntime,
  enqueue: () => Promise<string>,
  options: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const isOnline = options.isOnline ?? (() => navigator.onLine)
  const stallMs = options.stallMs ?? STALL_MS
  // Listen before queueing: the sender may pick the submission up at once.
  const seen: SenderEvent[] = []
  let deliver: ((event: SenderEvent) => void) | null = null
  const stopListening = runtime.sender.onEvent((event) => {
    seen.push(event)
    deliver?.(event)
  })
  let release: (() => void) | null = null
  try {
    const submissionId = await enqueue()
    release = runtime.claim(submissionId)
    runtime.send()
    if (!isOnline()) return 'offline'
    return await new Promise<SubmitOutcome>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | null = null
      const finish = (outcome: SubmitOutcome) => {
        if (timer) clearTimeout(timer)
        window.removeEventListener('offline', onOffline)
        deliver = null
        resolve(outcome)
      }
      const onOffline = () => finish('offline')
      const restartTimer = () => {
        if (timer) clearTimeout(timer)
        timer = setTimeout(() => finish('kept'), stallMs)
      }
      // The wait counts from the press: the sender's first report (0 %, as an upload starts) is no
      // progress. Counted from it, a busy phone held the parent 3 s after a report that came late.
      let uploaded = 0
      deliver = (event) => {
        if (event.submissionId !== submissionId) return
        if (event.type === 'progress') {
          options.onProgress?.(event.fraction)
          // Only bytes that really went out count as progress (a stuck upload repeats its 0 %).
          if (event.fraction > uploaded) {
            uploaded = event.fraction
            restartTimer()
          }
        } else if (event.type === 'handedOff' || event.type === 'saved') finish('sent')
        else if (event.type === 'failed') finish('failed')
        else finish('kept') // retrying: a transient failure, the outbox tries again by itself
      }
      window.addEventListener('offline', onOffline)
      restartTimer()
      for (const event of seen) deliver(event)
      // Waiting retries of earlier submissions start now, so this one is not stuck behind their backoff.
      runtime.wake()
    })
  } finally {
    stopListening()
    release?.()
  }
}

/** The toast for an outcome: 'Child added' / 'Child edited', or 'Images not uploaded' when it failed for good. */
export function announceOutcome(outcome: SubmitOutcome, success: string): void {
  if (outcome === 'sent') void notify('success', success)
  else if (outcome === 'offline')
    void notify('success', success, { description: kidMessages.willUploadLater })
  else if (outcome === 'kept') void notify('success', success, { description: kidMessages.uploadsByItself })
  else void notify('error', kidMessages.imagesNotUploaded, { description: kidMessages.failedHint })
}
