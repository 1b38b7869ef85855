// A notice for the parent when the centre decides about their child (registrations/{kidId} written):
// stored under users/{uid}/notices once per decision, then delivered once, by push to the parent's
// devices or, where none takes it, by e-mail (unless the parent unsubscribed). Safe to run twice: the
// notice's id comes from the decision, and a notice already delivered is not delivered again.
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
}

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
  ): Promise<{ delivered: Delivery | null }>
  markDelivered(uid: string, id: string, via: Delivery): Promise<void>
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
  const uid = kid.userRef
  const { delivered } = await ports.store.record(uid, id, { kidId, kidName: kid.kidName, text })
  if (delivered) return { status: 'delivered', id, via: delivered, removedDevices: 0 }

  let via: Delivery = 'none'
  let removedDevices = 0
  if (ports.push) {
    const payload: PushPayload = {
      title: ports.mail.centreName,
      body: text,
      noticeId: id,
      url: `/kid/${kidId}`,
    }
    for (const device of await ports.store.devices(uid)) {
      const outcome = await ports.push.send(device.subscription, JSON.stringify(payload))
      if (outcome === 'sent') via = 'push'
      else if (outcome === 'gone') {
        await ports.store.removeDevice(uid, device.id)
        removedDevices += 1
      }
    }
  }
  let mailNotSetUp = false
  if (via === 'none') {
    const contact = await ports.store.contact(uid)
    if (contact?.email && contact.emailNotices && !ports.mailer) mailNotSetUp = true
    else if (contact?.email && contact.emailNotices && ports.mailer) {
      await ports.mailer.send(
        parentNoticeMail(
          {
            to: contact.email,
            parentName: contact.name,
            kidId,
            kidName: kid.kidName,
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
  await ports.store.markDelivered(uid, id, via)
  return { status: 'delivered', id, via, removedDevices, ...(mailNotSetUp ? { mailNotSetUp: true } : {}) }
}
