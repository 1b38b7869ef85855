// A notice for the parent when the centre decides about their child (registrations/{kidId} written):
// stored under users/{uid}/notices once per decision, then delivered once, by push to the parent's
// devices or, where none takes it, by e-mail (unless the parent unsubscribed). Safe to run twice: the
// notice's id comes from the decision, and a notice already delivered is not delivered again.
// Issue 50: push goes only to real push services' endpoints (isPushServiceEndpoint; others are removed),
// to the parent's newest MAX_PUSH_DEVICES_PER_PARENT devices (older ones are removed), all at once, each
// within PUSH_TIMEOUT_MS; each device is marked on the notice before it is sent to, so a retried event
// never pushes the same notice to a device twice. E-mail goes only to an address the parent verified;
// otherwise the notice says so (verifyEmail) and the app asks them to verify it.
import { isPushServiceEndpoint, MAX_PUSH_DEVICES_PER_PARENT } from '#shared/records/bounds'
import { type DecisionSeen, noticeId, noticeText } from '#shared/records/notice-record'
import { type MailConfig, type Mailer, parentNoticeMail } from './mail'

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export interface PushSubscriptionJson {
  readonly endpoint: string
  readonly keys: { readonly p256dh: string; readonly auth: string }
}

export interface PushDevice {
  readonly id: string
  readonly subscription: PushSubscriptionJson
  /** When the parent's app stored it (ms; 0 if unknown): the newest are kept. */
  readonly createdAt: number
}

/** How long one push service may take to answer before its device misses this notice. */
export const PUSH_TIMEOUT_MS = 10_000

/**
 * What the push service said: delivered; the subscription is gone (404/410: remove it); or it failed
 * otherwise (unreachable, overloaded): this device misses this notice, the others still get it.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed'

export interface PushService {
  send(subscription: PushSubscriptionJson, payload: string): Promise<PushOutcome>
}

export interface ParentContact {
  readonly email: string | null
  readonly name: string
  /** False once the parent followed the unsubscribe link (or turned e-mails off). */
  readonly emailNotices: boolean
  /** Whether the account's address is verified (Auth): e-mail goes to a verified address only. */
  readonly emailVerified: boolean
  readonly unsubscribeToken: string
}

export type Delivery = 'push' | 'email' | 'none'

export interface NoticeStore {
  /** The child's owner and first name, or null (deleted meanwhile). */
  kid(kidId: string): Promise<{ userRef: string; kidName: string } | null>
  /** Creates the notice unless it exists; how it was delivered, if it was. */
  record(
    uid: string,
    id: string,
    notice: { kidId: string; kidName: string; text: string },
  ): Promise<{ delivered: Delivery | null; pushedTo: readonly string[] }>
  /** Notes on the notice, before sending, the devices it is sent to (a retry skips them). */
  markPushing(uid: string, id: string, deviceIds: readonly string[]): Promise<void>
  /** How it was delivered; `verifyEmail`: not e-mailed because the address is not verified. */
  markDelivered(uid: string, id: string, via: Delivery, verifyEmail?: boolean): Promise<void>
  devices(uid: string): Promise<PushDevice[]>
  removeDevice(uid: string, deviceId: string): Promise<void>
  /** The parent's address and e-mail choice; a token for the unsubscribe link is made once. */
  contact(uid: string): Promise<ParentContact | null>
}

export interface NoticePorts {
  readonly store: NoticeStore
  readonly push: PushService | null
  /** null: e-mail is not set up (no SMTP_URL); the notice stays in the parent's area only. */
  readonly mailer: Mailer | null
  readonly mail: MailConfig
  /** Hosts allowed besides the real push services: the tests' stand-in only (PUSH_STAND_IN_HOSTS). */
  readonly pushStandInHosts?: readonly string[]
  /** PUSH_TIMEOUT_MS unless a test says otherwise. */
  readonly pushTimeoutMs?: number
}

/** `work`'s outcome, or 'failed' if it takes longer than `ms` or throws. */
function withinTime(work: Promise<PushOutcome>, ms: number): Promise<PushOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<PushOutcome>((resolve) => {
    timer = setTimeout(() => resolve('failed'), ms)
  })
  return Promise.race([work.catch((): PushOutcome => 'failed'), late]).finally(() => clearTimeout(timer))
}

/** The devices to push to (newest first, at most the bound) and those to remove. */
export function devicesToUse(
  devices: readonly PushDevice[],
  standInHosts: readonly string[],
): { readonly use: PushDevice[]; readonly remove: PushDevice[] } {
  const valid = devices.filter((device) => isPushServiceEndpoint(device.subscription.endpoint, standInHosts))
  const newest = [...valid].sort((a, b) => b.createdAt - a.createdAt)
  const use = newest.slice(0, MAX_PUSH_DEVICES_PER_PARENT)
  return { use, remove: devices.filter((device) => !use.includes(device)) }
}

/** A registration as stored, read loosely: any state (new ones fall to noticeText's default). */
export function decisionSeen(data: unknown): (DecisionSeen & { decidedAt: number | null }) | null {
  if (typeof data !== 'object' || data === null) return null
  const { state, startDate, decidedAt, replyBy, reason, lapsedOn, askId } = data as Record<string, unknown>
  if (typeof state !== 'string') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const millis =
    typeof decidedAt === 'object' && decidedAt !== null && 'toMillis' in decidedAt
      ? (decidedAt as { toMillis(): number }).toMillis()
      : typeof decidedAt === 'number'
        ? decidedAt
        : null
  return {
    state,
    startDate: text(startDate),
    replyBy: text(replyBy),
    reason: text(reason),
    lapsedOn: text(lapsedOn),
    askId: text(askId),
    decidedAt: millis,
  }
}

/** What the push message carries: the service worker shows it and opens `url` on a tap. */
export interface PushPayload {
  readonly title: string
  readonly body: string
  readonly noticeId: string
  readonly url: string
}

export type NoticeOutcome =
  | { readonly status: 'none'; readonly why: string }
  | {
      readonly status: 'delivered'
      readonly id: string
      readonly via: Delivery
      readonly removedDevices: number
      /** True when the parent asked for e-mail but e-mail is not set up (no SMTP_URL). */
      readonly mailNotSetUp?: true
    }

export async function noticeOnDecision(
  kidId: string,
  beforeData: unknown,
  afterData: unknown,
  ports: NoticePorts,
  eventTime: number,
): Promise<NoticeOutcome> {
  const after = decisionSeen(afterData)
  if (!after) return { status: 'none', why: 'no decision' }
  const kid = await ports.store.kid(kidId)
  if (!kid?.userRef) return { status: 'none', why: 'no child' }
  const text = noticeText(decisionSeen(beforeData), after, kid.kidName)
  if (!text) return { status: 'none', why: 'nothing to tell' }
  const id = noticeId(kidId, after.decidedAt ?? eventTime)
  return deliverNotice(kid.userRef, id, { kidId, kidName: kid.kidName, text }, ports, { email: true })
}

/**
 * Stores the notice `id` for the parent `uid` unless it is there, then delivers it once: by push to the
 * parent's devices, or where none takes it and `email` is true, by e-mail (a child's day is not
 * e-mailed: decision 0073). Safe to run twice: a notice already delivered is not delivered again, and a
 * device already pushed to is not pushed to again.
 */
export async function deliverNotice(
  uid: string,
  id: string,
  notice: { readonly kidId: string; readonly kidName: string; readonly text: string },
  ports: NoticePorts,
  options: { readonly email: boolean },
): Promise<NoticeOutcome> {
  const { kidId, kidName, text } = notice
  const { delivered, pushedTo } = await ports.store.record(uid, id, { kidId, kidName, text })
  if (delivered) return { status: 'delivered', id, via: delivered, removedDevices: 0 }

  let via: Delivery = 'none'
  let removedDevices = 0
  if (ports.push) {
    const push = ports.push
    const payload: PushPayload = {
      title: ports.mail.centreName,
      body: text,
      noticeId: id,
      url: `/kid/${kidId}`,
    }
    const { use, remove } = devicesToUse(await ports.store.devices(uid), ports.pushStandInHosts ?? [])
    await Promise.all(remove.map((device) => ports.store.removeDevice(uid, device.id)))
    removedDevices += remove.length
    // A device an earlier run of this event already sent to (or began to) is not sent to again; that
    // run's push counts as push (it may have reached the parent).
    if (use.some((device) => pushedTo.includes(device.id))) via = 'push'
    const fresh = use.filter((device) => !pushedTo.includes(device.id))
    if (fresh.length)
      await ports.store.markPushing(
        uid,
        id,
        fresh.map((device) => device.id),
      )
    const outcomes = await Promise.all(
      fresh.map((device) =>
        withinTime(
          push.send(device.subscription, JSON.stringify(payload)),
          ports.pushTimeoutMs ?? PUSH_TIMEOUT_MS,
        ),
      ),
    )
    for (const [i, outcome] of outcomes.entries()) {
      const device = fresh[i]
      if (outcome === 'sent') via = 'push'
      else if (outcome === 'gone' && device) {
        await ports.store.removeDevice(uid, device.id)
        removedDevices += 1
      }
    }
  }
  let verifyEmail = false
  let mailNotSetUp = false
  if (via === 'none' && options.email) {
    const contact = await ports.store.contact(uid)
    verifyEmail = Boolean(contact?.email && contact.emailNotices && !contact.emailVerified)
    const mailable = Boolean(contact?.email && contact.emailNotices && contact.emailVerified)
    if (mailable && !ports.mailer) mailNotSetUp = true
    else if (contact?.email && mailable && ports.mailer) {
      await ports.mailer.send(
        parentNoticeMail(
          {
            to: contact.email,
            parentName: contact.name,
            kidId,
            kidName,
            text,
            uid,
            unsubscribeToken: contact.unsubscribeToken,
          },
          ports.mail,
        ),
      )
      via = 'email'
    }
  }
  await ports.store.markDelivered(uid, id, via, verifyEmail)
  return { status: 'delivered', id, via, removedDevices, ...(mailNotSetUp ? { mailNotSetUp: true } : {}) }
}

/**
 * A device stored (users/{uid}/devices/{id} created): the parent keeps their newest
 * MAX_PUSH_DEVICES_PER_PARENT devices at real push services; the rest are removed. Safe to run twice.
 */
export async function pruneDevices(
  uid: string,
  store: Pick<NoticeStore, 'devices' | 'removeDevice'>,
  standInHosts: readonly string[],
): Promise<number> {
  const { remove } = devicesToUse(await store.devices(uid), standInHosts)
  await Promise.all(remove.map((device) => store.removeDevice(uid, device.id)))
  return remove.length
}
