// Quick Inquire's messages on the device until the server has them (the callable submitInquiry, decision
// 0024). Each is kept in localStorage with its own id (the server stores it once, however often it is
// sent) and the browser's client id (the hourly bound's 'client'); it is sent at once, again when the
// browser says it is back online and after a growing pause, and the next time the backend loads (a later
// visit). The server's refusal drops it and rejects `sent`; anything else is 'not yet'.
import type { QueuedWrite } from '#shared/backend/backend-ports'
import { type InquiryRefusalReason, InquiryRefusedError } from '#shared/backend/inquiry-refused'
import { newRandomId } from '#shared/records/ids'
import type { InquiryRecord } from '#shared/records/inquiry-record'

export interface PendingInquiry extends InquiryRecord {
  readonly id: string
  readonly client: string
  /** The hidden field, sent as it is: the server drops a bot's message and answers all the same. */
  readonly website: string
}

/** The server's answer to one attempt: stored, refused (for good), or no answer (try again later). */
export type Delivery =
  | { readonly kind: 'stored' }
  | { readonly kind: 'refused'; readonly reason: InquiryRefusalReason }
  | { readonly kind: 'no answer' }

export const PENDING_KEY = 'sunbeam.inquiries.pending'
export const CLIENT_KEY = 'sunbeam.inquiries.client'
/** Pauses between attempts while the server does not answer (then the last one, again and again). */
export const RETRY_MS = [5_000, 15_000, 60_000, 300_000] as const

function readPending(storage: Storage): PendingInquiry[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(PENDING_KEY) ?? '[]')
    return Array.isArray(value) ? (value as PendingInquiry[]) : []
  } catch {
    return []
  }
}

function writePending(storage: Storage, pending: readonly PendingInquiry[]) {
  if (pending.length) storage.setItem(PENDING_KEY, JSON.stringify(pending))
  else storage.removeItem(PENDING_KEY)
}

/** This browser's client id: random, kept, and never anything about the visitor. */
export function clientId(storage: Storage): string {
  const kept = storage.getItem(CLIENT_KEY)
  if (kept && /^[A-Za-z0-9]{20}$/.test(kept)) return kept
  const id = newRandomId()
  storage.setItem(CLIENT_KEY, id)
  return id
}

export interface InquiryOutbox {
  /** Keeps the inquiry and starts sending it. */
  add(inquiry: InquiryRecord & { readonly website: string }): QueuedWrite
  /** Sends what earlier visits left on the device. */
  resume(): void
}

export function createInquiryOutbox(options: {
  readonly storage: Storage
  readonly deliver: (inquiry: PendingInquiry) => Promise<Delivery>
  readonly onOnline: (listener: () => void) => void
  readonly wait?: (ms: number) => Promise<void>
}): InquiryOutbox {
  const { storage, deliver } = options
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const running = new Map<string, Promise<void>>()
  const wakers = new Set<() => void>()
  options.onOnline(() => {
    for (const wake of [...wakers]) wake()
  })

  const drop = (id: string) =>
    writePending(
      storage,
      readPending(storage).filter((pending) => pending.id !== id),
    )

  async function send(inquiry: PendingInquiry): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      // A failure to even try (the function's code not loaded, offline) is no answer too.
      const answer = await deliver(inquiry).catch((): Delivery => ({ kind: 'no answer' }))
      if (answer.kind === 'stored') return drop(inquiry.id)
      if (answer.kind === 'refused') {
        drop(inquiry.id)
        throw new InquiryRefusedError(answer.reason)
      }
      // No answer: wait for the connection to come back, or the pause, whichever is first.
      const pause = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 300_000
      await new Promise<void>((resolve) => {
        const wake = () => {
          wakers.delete(wake)
          resolve()
        }
        wakers.add(wake)
        void wait(pause).then(wake)
      })
    }
  }

  function start(inquiry: PendingInquiry): Promise<void> {
    const existing = running.get(inquiry.id)
    if (existing) return existing
    const sending = send(inquiry).finally(() => running.delete(inquiry.id))
    running.set(inquiry.id, sending)
    return sending
  }

  return {
    add(inquiry) {
      const pending: PendingInquiry = { ...inquiry, id: newRandomId(), client: clientId(storage) }
      writePending(storage, [...readPending(storage), pending])
      return { sent: start(pending) }
    },
    resume() {
      for (const pending of readPending(storage))
        start(pending).catch(() => {
          // Refused on a later visit: nobody is looking at the form; it is dropped from the device.
        })
    },
  }
}
