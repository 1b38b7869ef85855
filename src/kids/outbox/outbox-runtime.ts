// The app's one outbox and its one sender, started lazily: at start-up when the outbox's hint says a
// submission waits (src/app/start-outbox.ts), or by the parent-area guard. It loads Dexie and the
// backend, so marketing pages never import this module statically.
import { liveQuery } from 'dexie'
import { getBackend } from '../../shared/backend/backend'
import type { Backend } from '../../shared/backend/backend-ports'
import { notify } from '../../shared/ui/notify'
import { kidMessages } from '../kid-messages'
import { writeOutboxHint } from './outbox-hint'
import { OutboxSender } from './outbox-sender'
import { Outbox } from './outbox-store'

export interface OutboxRuntime {
  readonly outbox: Outbox
  readonly sender: OutboxSender
  /**
   * A screen that waits for a submission reports its outcome itself; while claimed, the runtime does
   * not toast that submission's failure a second time.
   */
  claim(submissionId: string): () => void
  /** Asks the sender for a pass now (a new submission, a delete, a retry). Never throws. */
  send(): void
  /** Like send(), but retries waiting for their backoff start now too. */
  wake(): void
}

let runtime: Promise<OutboxRuntime> | null = null

/** Builds the runtime on a backend (tests pass fakes and their own database name). */
export function createOutboxRuntime(backend: Backend, dbName?: string): OutboxRuntime {
  const outbox = new Outbox(dbName)
  let userId: string | null = null
  const claimed = new Set<string>()
  const sender = new OutboxSender({
    outbox,
    kids: backend.kids,
    photos: backend.photos,
    userId: () => userId,
  })
  // A pass that fails (storage trouble on the device) is retried on the next trigger; say it in the log.
  const run = (pass: Promise<void>) =>
    pass.catch((error: unknown) => console.warn('The outbox could not send for now', error))
  sender.onEvent((event) => {
    // A permanent failure stops the submission and says so; the parent fixes it in Your Kids.
    if (event.type === 'failed' && !claimed.has(event.submissionId))
      void notify('error', kidMessages.imagesNotUploaded, { description: kidMessages.failedHint })
  })
  backend.auth.onAuthChange((user) => {
    userId = user?.uid ?? null
    if (userId) void run(sender.kick())
  })
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => void run(sender.wakeUp()))
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void run(sender.wakeUp())
    })
  }
  // The one writer of the start-up hint: it follows the outbox's count, whoever changed it.
  liveQuery(() => outbox.pendingCount()).subscribe({
    next: writeOutboxHint,
    error: (error: unknown) => console.warn('The outbox could not be counted', error),
  })
  return {
    outbox,
    sender,
    send: () => void run(sender.kick()),
    wake: () => void run(sender.wakeUp()),
    claim(submissionId) {
      claimed.add(submissionId)
      return () => claimed.delete(submissionId)
    },
  }
}

export function getOutboxRuntime(): Promise<OutboxRuntime> {
  if (!runtime) {
    const next = getBackend().then((backend) => createOutboxRuntime(backend))
    runtime = next
    // A backend that could not load (offline, first visit) may load on a later try.
    next.catch(() => {
      if (runtime === next) runtime = null
    })
  }
  return runtime
}

/** Tests give screens their own runtime (on fakes); null goes back to the app's. */
export function provideOutboxRuntime(next: OutboxRuntime | null): void {
  runtime = next ? Promise.resolve(next) : null
}

/** Starts the sender: at start-up, and whenever a parent-area screen opens. */
export function startOutbox(): void {
  getOutboxRuntime().catch((error: unknown) => console.warn('The outbox could not start yet', error))
}
