import type { BrowserContext, Page } from '@playwright/test'

// The browser suite runs with Firestore's server unreachable (its emulator needs Java 21): the offline
// path, through Firestore's persistent cache and its queue of writes. These helpers serve the tests
// that load Firebase.

/**
 * The console errors that path logs, and nothing else: Chromium logs each refused (or, with the context
 * offline, each failed) connection to the absent servers, Firestore says once that it works offline, and
 * the Content-Security-Policy refuses Firestore's connectivity probe (below).
 * One pattern, for `test.use({ allowedConsoleErrors: [firestoreUnreachable] })`.
 */
export const firestoreUnreachable =
  /^Failed to load resource: net::ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED)$|@firebase\/firestore: Firestore \([\d.]+\): Could not reach Cloud Firestore backend\.|^Loading the image 'https:\/\/www\.google\.com\/images\/cleardot\.gif\?zx=\w+' violates the following Content Security Policy directive: "img-src [^"]*"\. The action has been blocked\.$/

/**
 * A request on one of Firestore's channels (Listen, Write) that the emulator answers 400: the session it
 * belongs to has already ended there. It ends after a write the rules refuse, and, now and then under
 * load, on its own: seen at sign-up (Write) and on the ending of a session at account deletion (Listen),
 * in CI runs whose tests otherwise passed. The SDK opens a new session, as it must when a real server
 * drops one; what each test asserts shows whether anything was lost. The address holds parentheses of
 * its own (`databases%2F(default)`): it is matched up to a space.
 */
const firestoreChannelEnded =
  /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/(?:127\.0\.0\.1|localhost):\d+\/google\.firestore\.v1\.Firestore\/(?:Listen|Write)\/channel\?\S*\)$/

/**
 * Chromium's console line for the connectivity probe's refusal (below): the probe's other trace, let
 * pass wherever its violation is (e2e/fixtures.ts, online-device.ts).
 */
export function isConnectivityProbeRefusal(text: string): boolean {
  return /^Loading the image 'https:\/\/www\.google\.com\/images\/cleardot\.gif\?zx=\w+' violates the following Content Security Policy directive: "img-src [^"]*"\. The action has been blocked\.$/.test(
    text,
  )
}

/**
 * Whether a console error (its text, and the address of the resource that failed) is a channel the
 * emulator had ended. Every page guard lets it pass and notes it on the test (`firestore-channel`).
 */
export function isFirestoreChannelEnded(text: string, where: string): boolean {
  return firestoreChannelEnded.test(`${text} (${where})`)
}

/**
 * When a Firestore connection fails, its WebChannel transport loads an image from google.com to see
 * whether the network works; the answer only feeds its statistics. The site's policy refuses it on
 * purpose (docs/decisions/0010-security-headers.md), so this is the one violation the suite expects.
 */
export function isFirestoreConnectivityProbe(violation: { effectiveDirective: string; blockedURI: string }) {
  return (
    violation.effectiveDirective === 'img-src' &&
    /^https:\/\/www\.google\.com\/images\/cleardot\.gif\?zx=\w+$/.test(violation.blockedURI)
  )
}

/**
 * Answers that probe should a page run without the site's headers (the policy stops it before any
 * request is made): the browser suite never leaves the machine.
 */
export async function answerConnectivityProbe(context: BrowserContext): Promise<void> {
  await context.route('https://www.google.com/images/cleardot.gif*', (route) =>
    route.fulfill({ status: 204, body: '' }),
  )
}

/**
 * Firestore's queued (not yet acknowledged) writes, read from its IndexedDB mutation queue in the page,
 * each with the account it is queued for (`userId`: Firestore keeps one queue per signed-in user). The
 * browser suite runs with Firestore's server unreachable, so this queue is where a write shows that it
 * was made, for whom, and with which fields.
 */
export async function queuedFirestoreWrites(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '')
    const name = names.find((n) => n.startsWith('firestore/') && n.endsWith('/main'))
    if (!name) return []
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const batches = await new Promise<unknown[]>((resolve, reject) => {
      const read = db.transaction('mutations').objectStore('mutations').getAll()
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    })
    db.close()
    return (batches as { userId?: string; mutations?: Record<string, unknown>[] }[]).flatMap((batch) =>
      (batch.mutations ?? []).map((mutation) => ({ ...mutation, userId: batch.userId ?? '' })),
    )
  })
}

type FirestoreValue = {
  stringValue?: string
  booleanValue?: boolean
  arrayValue?: { values?: FirestoreValue[] }
}

function plainValue(value: FirestoreValue): unknown {
  return value.arrayValue
    ? (value.arrayValue.values ?? []).map(plainValue)
    : (value.stringValue ?? value.booleanValue)
}

export interface QueuedKidWrite {
  /** The account Firestore queued the write for. */
  readonly userId: string
  readonly fields: Record<string, unknown>
  /** The same fields in Firestore's REST encoding, as the server would store them. */
  readonly restFields: Record<string, unknown>
  readonly serverTimestamp: boolean
}

/** Firestore's queued writes of kids/{kidId} (every kid when omitted), fields as plain values. */
export async function queuedKidWrites(
  page: Page,
  kidId?: string,
): Promise<(QueuedKidWrite & { kidId: string })[]> {
  const writes: (QueuedKidWrite & { kidId: string })[] = []
  for (const write of await queuedFirestoreWrites(page)) {
    const update = write.update as { name?: string; fields?: Record<string, FirestoreValue> } | undefined
    const id = /\/documents\/kids\/([^/]+)$/.exec(update?.name ?? '')?.[1]
    if (!id || (kidId && id !== kidId)) continue
    const fields = Object.fromEntries(
      Object.entries(update?.fields ?? {}).map(([k, v]) => [k, plainValue(v)]),
    )
    writes.push({
      kidId: id,
      userId: String(write.userId ?? ''),
      fields,
      restFields: update?.fields ?? {},
      serverTimestamp: JSON.stringify(write).includes('REQUEST_TIME'),
    })
  }
  return writes
}
