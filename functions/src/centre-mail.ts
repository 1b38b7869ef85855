// The centre hears of each new registration (a child record created) and inquiry by e-mail, one each,
// unless staff turned that kind off at /centre. More than five within ten minutes: the sixth and later
// wait for one digest, sent by the scheduled sendCentreDigest within ten minutes. Safe to run twice: each
// item is claimed once, and marked sent after its e-mail went.
import type { CentreMailChoices } from '#shared/records/centre-settings'
import { type CentreItem, centreDigestMail, centreItemMail, type MailConfig, type Mailer } from './mail'

export const CENTRE_MAIL_LIMIT = 5
export const CENTRE_MAIL_WINDOW_MS = 10 * 60_000

/** Which e-mails the centre gets (centre/settings, set by staff at /centre); both on by default. */
export type CentreMailPrefs = CentreMailChoices

/** The item's fate: e-mail it now, keep it for the digest, or nothing (already sent, or claimed). */
export type Claim = 'single' | 'digest' | 'done'

export interface CentreMailStore {
  prefs(): Promise<CentreMailPrefs>
  /**
   * Claims the item (once: a second claim answers 'done' once it was sent): 'single' while fewer than
   * CENTRE_MAIL_LIMIT items were e-mailed alone in the last CENTRE_MAIL_WINDOW_MS, else 'digest'.
   */
  claim(item: CentreItem, now: number): Promise<Claim>
  markSent(items: readonly CentreItem[]): Promise<void>
  /** The items waiting for the digest. */
  waiting(): Promise<CentreItem[]>
}

export interface CentreMailPorts {
  readonly store: CentreMailStore
  /** null: e-mail is not set up (no SMTP_URL); nothing is claimed or sent. */
  readonly mailer: Mailer | null
  readonly mail: MailConfig
}

/** 'no e-mail': e-mail is not set up, so the item is not e-mailed (the caller logs one line). */
export type Announcement = 'off' | 'sent' | 'digest' | 'done' | 'no e-mail'

export async function announceToCentre(
  item: CentreItem,
  ports: CentreMailPorts,
  now: number,
): Promise<Announcement> {
  const prefs = await ports.store.prefs()
  if (!(item.kind === 'registration' ? prefs.registrations : prefs.inquiries)) return 'off'
  const { mailer } = ports
  if (!mailer) return 'no e-mail'
  const claim = await ports.store.claim(item, now)
  if (claim === 'done') return 'done'
  if (claim === 'digest') return 'digest'
  await mailer.send(centreItemMail(item, ports.mail))
  await ports.store.markSent([item])
  return 'sent'
}

/** The digest of what waits (nothing waits, or e-mail is not set up: no e-mail). */
export async function sendCentreDigest(ports: CentreMailPorts): Promise<number> {
  const { mailer } = ports
  if (!mailer) return 0
  const items = await ports.store.waiting()
  if (items.length === 0) return 0
  await mailer.send(centreDigestMail(items, ports.mail))
  await ports.store.markSent(items)
  return items.length
}

/** 'Amara (Monthly plan)': the child's name and plan only, never medical or address data. */
export function registrationSummary(data: unknown): string {
  const { kidName, plan } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const name = typeof kidName === 'string' && kidName.trim() ? kidName.trim() : 'A child'
  return typeof plan === 'string' && plan ? `${name} (${plan} plan)` : name
}

/** 'Ada Lovelace: A visit'. */
export function inquirySummary(data: unknown): string {
  const { name, lastName, subject } = (typeof data === 'object' && data !== null ? data : {}) as Record<
    string,
    unknown
  >
  const who = [name, lastName].filter((part) => typeof part === 'string' && part).join(' ') || 'Someone'
  return typeof subject === 'string' && subject ? `${who}: ${subject}` : who
}
