// Queues an add or edit submission and waits for what the screen should say:
// online, until the sender has handed the record to Firestore (the overlay shows upload progress);
// offline, not at all: it is accepted at once and uploads when the device is back online.

import { notify } from '../shared/ui/notify'
import { kidMessages } from './kid-messages'
import type { OutboxRuntime } from './outbox/outbox-runtime'
import type { SenderEvent } from './outbox/outbox-sender'

/** sent: in Firestore. offline: accepted while offline. kept: a transient failure. failed: permanent. */
export type SubmitOutcome = 'sent' | 'offline' | 'kept' | 'failed'

/** With no progress for this long, the screen lets the parent go; the outbox keeps trying. */
export const STALL_MS = 20_000

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
  // Listen before queueing: a sender already running may pick the submission up at once.
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
    if (!isOnline()) {
      runtime.send()
      return 'offline'
    }
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
      deliver = (event) => {
        if (event.submissionId !== submissionId) return
        if (event.type === 'progress') {
          options.onProgress?.(event.fraction)
          restartTimer()
        } else if (event.type === 'handedOff') finish('sent')
        else if (event.type === 'failed') finish('failed')
        else finish('kept')
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

/** The toast for an outcome ('Child added' / 'Child edited' or 'Images not uploaded'). */
export function announceOutcome(outcome: SubmitOutcome, success: string): void {
  if (outcome === 'sent') void notify('success', success)
  else if (outcome === 'offline')
    void notify('success', success, { description: kidMessages.willUploadLater })
  else if (outcome === 'kept')
    void notify('error', kidMessages.imagesNotUploaded, { description: kidMessages.keptOnDevice })
  else void notify('error', kidMessages.imagesNotUploaded, { description: kidMessages.failedHint })
}
