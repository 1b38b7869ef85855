// Quick Inquire through a callable function (submitInquiry): the server, not the rules, decides whether
// an inquiry is stored. At most INQUIRY_LIMIT an hour from one address and from one client (a random
// id the visitor's browser keeps, so people behind one shared address, a school's or a carrier's,
// are bounded each on their own too). The fields are checked with the form's own schema
// (src/shared/records/inquiry-record.ts). The inquiry's id is chosen by the browser, so a message sent
// again after a lost answer (offline, a reload) is stored once and counted once.
// Issue 50: an IPv6 address is counted by its /64 (one subscriber's network holds endless addresses),
// and all inquiries together by an hourly ceiling (inquiryQuota/all, which staff read), as the browser's
// id is the browser's to choose.
import { createHash } from 'node:crypto'
import { type InquiryRecord, inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'

export const INQUIRY_LIMIT = 5
export const INQUIRY_WINDOW_MS = 60 * 60 * 1000
/** All inquiries within the window, from everyone: a flood stops here (INQUIRY_HOURLY_CEILING overrides). */
export const INQUIRY_HOURLY_CEILING = 60
/** The key of the overall count (inquiryQuota/all; firestore.rules let staff read it). */
export const CEILING_KEY = 'all'

export interface QuotaEntry {
  readonly key: string
  readonly limit: number
}

export interface InquiryQuota {
  /**
   * Counts one inquiry at `now` under every key, unless one of them already has its limit within the
   * window before `now`; then nothing is counted and it answers false. Atomic across keys.
   */
  take(entries: readonly QuotaEntry[], now: number): Promise<boolean>
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

/**
 * The part of an address that one subscriber holds: an IPv4 address whole, an IPv6 address's first 64
 * bits (its /64), an IPv4-mapped IPv6 address as the IPv4 address. Null if it is not an address.
 */
export function addressBlock(address: string): string | null {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase()
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(plain)) return plain
  const mapped = /^(?:(?:0{1,4}:){5}|::)ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain)
  if (mapped?.[1]) return mapped[1]
  if (!/^[0-9a-f:.]+$/.test(plain) || !plain.includes(':')) return null
  const halves = plain.split('::')
  if (halves.length > 2) return null
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  const head = groups(halves[0])
  const tail = groups(halves[1])
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here.
  const tailLength = tail.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0)
  const missing = 8 - head.length - tailLength
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null
  const full = [...head, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tail]
  const first = full.slice(0, 4)
  if (first.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null
  return `${first.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`
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
  options: { readonly requireAppCheck: boolean; readonly now: number; readonly ceiling?: number },
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
  const entries: QuotaEntry[] = [
    { key: quotaKey('client', client), limit: INQUIRY_LIMIT },
    { key: CEILING_KEY, limit: options.ceiling ?? INQUIRY_HOURLY_CEILING },
  ]
  if (caller.address !== null && !isLoopback(caller.address)) {
    const block = addressBlock(caller.address) ?? caller.address
    entries.push({ key: quotaKey('address', block), limit: INQUIRY_LIMIT })
  }
  if (!(await ports.quota.take(entries, options.now))) return { status: 'refused', reason: 'too-many' }
  await ports.store.create(id, inquiry)
  return { status: 'received' }
}
