// In-memory ports for the notice and centre e-mail tests.
import {
  CENTRE_MAIL_LIMIT,
  CENTRE_MAIL_WINDOW_MS,
  type CentreMailPrefs,
  type CentreMailStore,
  type Claim,
} from '../centre-mail'
import type { CentreItem, Mail, MailConfig, Mailer } from '../mail'
import type { Delivery, NoticeStore, ParentContact, PushDevice, PushOutcome, PushService } from '../notices'

export const mailConfig: MailConfig = {
  centreName: 'Sunbeam Day Care & Baby Care',
  fromAddress: 'hello@sunbeam.example',
  centreAddress: 'centre@sunbeam.example',
  siteOrigin: 'https://sunbeam.example',
  unsubscribeUrl: 'https://functions.example/unsubscribe',
}

export function fakeMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return {
    sent,
    async send(mail) {
      sent.push(mail)
    },
  }
}

export function fakeNoticeStore() {
  const kids = new Map<string, { userRef: string; kidName: string }>()
  const notices = new Map<
    string,
    {
      kidId: string
      kidName: string
      text: string
      delivered: Delivery | null
      pushedTo?: string[]
      verifyEmail?: boolean
    }
  >()
  const devices = new Map<string, PushDevice[]>()
  const contacts = new Map<string, ParentContact>()
  const store: NoticeStore = {
    async kid(kidId) {
      return kids.get(kidId) ?? null
    },
    async record(uid, id, notice) {
      const key = `${uid}/${id}`
      const existing = notices.get(key)
      if (existing) return { delivered: existing.delivered, pushedTo: existing.pushedTo ?? [] }
      notices.set(key, { ...notice, delivered: null })
      return { delivered: null, pushedTo: [] }
    },
    async markPushing(uid, id, deviceIds) {
      const notice = notices.get(`${uid}/${id}`)
      if (notice) notice.pushedTo = [...new Set([...(notice.pushedTo ?? []), ...deviceIds])]
    },
    async markDelivered(uid, id, via, verifyEmail) {
      const notice = notices.get(`${uid}/${id}`)
      if (notice) notice.delivered = via
      if (notice && verifyEmail) notice.verifyEmail = true
    },
    async devices(uid) {
      return devices.get(uid) ?? []
    },
    async removeDevice(uid, deviceId) {
      devices.set(
        uid,
        (devices.get(uid) ?? []).filter((device) => device.id !== deviceId),
      )
    },
    async contact(uid) {
      return contacts.get(uid) ?? null
    },
  }
  return { store, kids, notices, devices, contacts }
}

/** A push service that answers 'gone' for the endpoints in `gone`, 'failed' for those in `failing`. */
export function fakePush(
  gone: ReadonlySet<string> = new Set(),
  failing: ReadonlySet<string> = new Set(),
): PushService & { sent: { endpoint: string; payload: string }[] } {
  const sent: { endpoint: string; payload: string }[] = []
  return {
    sent,
    async send(subscription, payload): Promise<PushOutcome> {
      if (gone.has(subscription.endpoint)) return 'gone'
      if (failing.has(subscription.endpoint)) return 'failed'
      sent.push({ endpoint: subscription.endpoint, payload })
      return 'sent'
    },
  }
}

export function fakeCentreMailStore(prefs: CentreMailPrefs = { registrations: true, inquiries: true }) {
  const items = new Map<string, { item: CentreItem; state: 'single' | 'digest' | 'sent' }>()
  const singles: number[] = []
  const key = (item: CentreItem) => `${item.kind}-${item.id}`
  const store: CentreMailStore & { prefs(): Promise<CentreMailPrefs> } = {
    async prefs() {
      return prefs
    },
    async claim(item, now): Promise<Claim> {
      const existing = items.get(key(item))
      if (existing?.state === 'sent' || existing?.state === 'digest') return 'done'
      if (existing?.state === 'single') return 'single'
      const recent = singles.filter((at) => now - at < CENTRE_MAIL_WINDOW_MS)
      const state = recent.length < CENTRE_MAIL_LIMIT ? 'single' : 'digest'
      if (state === 'single') singles.push(now)
      items.set(key(item), { item, state })
      return state
    },
    async markSent(sent) {
      for (const item of sent) items.set(key(item), { item, state: 'sent' })
    },
    async waiting() {
      return [...items.values()].filter((entry) => entry.state === 'digest').map((entry) => entry.item)
    },
  }
  return { store, items }
}
