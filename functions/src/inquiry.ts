// Quick Inquire through a callable function (submitInquiry): the server, not the rules, decides whether
// an inquiry is stored. At most INQUIRY_LIMIT an hour from one address and from one client (a random
// id the visitor's browser keeps, so people behind one shared address, a school's or a carrier's,
// are bounded each on their own too). The fields are checked with the form's own schema
// (src/shared/records/inquiry-record.ts). The inquiry's id is chosen by the browser, so a message sent
// again after a lost answer (offline, a reload) is stored once and counted once.
import { createHash } from 'node:crypto'
import { type InquiryRecord, inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'

export const INQUIRY_LIMIT = 5
export const INQUIRY_WINDOW_MS = 60 * 60 * 1000

export interface InquiryQuota {
  /**
   * Counts one inquiry at `now` under every key, unless one of them already has INQUIRY_LIMIT within
   * the window before `now`; then nothing is counted and it answers false. Atomic across keys.
   */
  take(keys: readonly string[], now: number): Promise<boolean>
}

export interface InquiryStore {
  exists(id: string): Promise<boolean>
  /** Stores the inquiry under `id` with the server's time; one already there is kept as it is. */
  create(id: string, inquiry: InquiryRecord): Promise<void>
}

/** Why an inquiry was refused: the form says each in its own words. */
export type InquiryRefusal = 'too-many' | 'invalid' | 'not-verified'

export type InquiryOutcome =
  | { readonly status: 'received' }
  | { readonly status: 'refused'; readonly reason: InquiryRefusal; readonly fields?: readonly string[] }

export interface InquiryCaller {
  /** The visitor's address as the server saw it, or null. */
  readonly address: string | null
  /** Whether App Check verified the request (a limited-use token, consumed). */
  readonly verified: boolean
}

const ID = /^[A-Za-z0-9]{20}$/
const CLIENT = /^[A-Za-z0-9]{20}$/

/** A key that names nobody: the address or client id is hashed, never stored as it is. */
export function quotaKey(kind: 'address' | 'client', value: string): string {
  return `${kind}-${createHash('sha256').update(`${kind}:${value}`).digest('hex').slice(0, 40)}`
}

/** Loopback: the developer's own machine on the emulators, never a visitor in production. */
function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/**
 * The visitor's address: the last X-Forwarded-For entry (the one Google's front end adds; earlier ones
 * are whatever the sender wrote), else the connection's own address.
 */
export function callerAddress(
  forwardedFor: string | string[] | undefined,
  socketAddress?: string,
): string | null {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const last = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop()
  return last ?? socketAddress ?? null
}

function text(data: Record<string, unknown>, field: string): string {
  return typeof data[field] === 'string' ? (data[field] as string) : ''
}

export async function receiveInquiry(
  data: unknown,
  caller: InquiryCaller,
  ports: { readonly quota: InquiryQuota; readonly store: InquiryStore },
  options: { readonly requireAppCheck: boolean; readonly now: number },
): Promise<InquiryOutcome> {
  if (options.requireAppCheck && !caller.verified) return { status: 'refused', reason: 'not-verified' }
  const input = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  const id = text(input, 'id')
  const client = text(input, 'client')
  if (!ID.test(id) || !CLIENT.test(client)) return { status: 'refused', reason: 'invalid', fields: ['id'] }
  // A bot's message (the hidden field filled in) is answered like any other, so the bot learns nothing.
  if (text(input, 'website').trim() !== '') return { status: 'received' }

  const inquiry = normalizeInquiry({
    name: text(input, 'name'),
    lastName: text(input, 'lastName'),
    email: text(input, 'email'),
    subject: text(input, 'subject'),
    message: text(input, 'message'),
  })
  const problems = inquiryProblems(inquiry)
  if (problems.length) return { status: 'refused', reason: 'invalid', fields: problems }

  // Sent again (the first answer was lost): stored already, and counted already.
  if (await ports.store.exists(id)) return { status: 'received' }
  const keys = [quotaKey('client', client)]
  if (caller.address !== null && !isLoopback(caller.address)) keys.push(quotaKey('address', caller.address))
  if (!(await ports.quota.take(keys, options.now))) return { status: 'refused', reason: 'too-many' }
  await ports.store.create(id, inquiry)
  return { status: 'received' }
}
