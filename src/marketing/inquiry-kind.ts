// Quick Inquire's messages as a kind of job of the app's outbox (src/shared/outbox, decision 0067): kept
// on the device with their own id (the server stores each once, however often it is sent) and the
// browser's client id (the hourly bound's 'client'), sent by the adapter's one attempt, again after the
// outbox's backoff or when the connection comes back, and on a later visit (the outbox's start-up hint).
// A signed-out visitor's as much as a parent's: the jobs belong to nobody (owner ''). The server's
// refusal drops the message and the form says why. Loaded only when a message is sent or waits: it
// brings Dexie, and the checks of the fields, which the contact page itself never needs.

import { once } from '#shared/async/once'
import { getBackend } from '#shared/backend/backend'
import type { PendingInquiry } from '#shared/backend/backend-ports'
import type { InquiryRefusalReason } from '#shared/backend/inquiry-refused'
import { JobFailedError, type KindHandler, type OutboxEngine } from '#shared/outbox/outbox-engine'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'
import { newRandomId } from '#shared/records/ids'
import { type InquirySubmission, inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'
import { LEGACY_PENDING_KEY } from './legacy-inquiries'

export const INQUIRY_KIND = 'inquiry'
export const CLIENT_KEY = 'sunbeam.inquiries.client'

/** This browser's client id: random, kept, and never anything about the visitor. */
export function clientId(storage: Storage): string {
  const kept = storage.getItem(CLIENT_KEY)
  if (kept && /^[A-Za-z0-9]{20}$/.test(kept)) return kept
  const id = newRandomId()
  storage.setItem(CLIENT_KEY, id)
  return id
}

/** One attempt through the adapter: stored, refused for good (dropped, the reason told), or not yet. */
export const inquiryHandler: KindHandler<PendingInquiry> = {
  async run(job) {
    const { inquiries } = await getBackend()
    const answer = await inquiries.deliver(job.payload)
    if (answer.kind === 'stored') return { type: 'done' }
    if (answer.kind === 'refused')
      return { type: 'failed', error: `Refused: ${answer.reason}`, keep: false, detail: answer.reason }
    return { type: 'retry', error: 'The server did not answer' }
  },
}

function isPending(value: unknown): value is PendingInquiry {
  if (typeof value !== 'object' || value === null) return false
  const row = value as Record<string, unknown>
  const fields = ['id', 'client', 'name', 'lastName', 'email', 'subject', 'message', 'website']
  return fields.every((field) => typeof row[field] === 'string')
}

/**
 * Moves the queue earlier versions kept in localStorage into the outbox, once: each message under its
 * own id (so a second tab doing the same adds nothing twice), then the old key goes.
 */
export async function adoptLegacyInquiries(engine: OutboxEngine, storage: Storage): Promise<void> {
  let rows: unknown = []
  try {
    rows = JSON.parse(storage.getItem(LEGACY_PENDING_KEY) ?? '[]')
  } catch {
    // Unreadable: nothing a later version could send either.
  }
  for (const row of Array.isArray(rows) ? rows : [])
    if (isPending(row)) await engine.add({ id: row.id, kind: INQUIRY_KIND, owner: '', payload: row })
  storage.removeItem(LEGACY_PENDING_KEY)
}

/** The tab's outbox with the inquiry kind registered and an old queue adopted. */
export const getInquiryOutbox = once(async () => {
  const engine = await getSharedOutbox()
  engine.register(INQUIRY_KIND, inquiryHandler)
  await adoptLegacyInquiries(engine, localStorage)
  return engine
})

/** At start-up, when something waits: sends what earlier visits left. */
export function startInquiries(): void {
  getInquiryOutbox().catch((error: unknown) => console.warn('The messages on this device wait', error))
}

/**
 * Keeps the inquiry on the device and starts sending it; `refused` resolves with null once the server
 * has it, or with the reason it refused it (it is dropped then). A message whose honeypot field is
 * filled in came from a bot: it is dropped here, answered like any other so the bot learns nothing.
 */
export async function queueInquiry(
  submission: InquirySubmission,
): Promise<{ readonly refused: Promise<InquiryRefusalReason | null> }> {
  if (submission.website.trim() !== '') return { refused: Promise.resolve(null) }
  const inquiry = normalizeInquiry(submission)
  const problems = inquiryProblems(inquiry)
  // The server would refuse it; refuse it now instead.
  if (problems.length) throw new Error(`Inquiry has invalid fields: ${problems.join(', ')}`)
  const engine = await getInquiryOutbox()
  const payload: PendingInquiry = {
    ...inquiry,
    website: '',
    id: newRandomId(),
    client: clientId(localStorage),
  }
  // Listened for before the job is added: a server that answers at once is not missed.
  const refused = engine.outcome(payload.id).then(
    () => null,
    (error: unknown) => {
      if (error instanceof JobFailedError && typeof error.detail === 'string')
        return error.detail as InquiryRefusalReason
      throw error
    },
  )
  await engine.add({ id: payload.id, kind: INQUIRY_KIND, owner: '', payload })
  return { refused }
}
