// The e-mails the functions send, as plain text and HTML (every client shows one of them), from the
// centre's name. Composed here, sent through the Mailer port (nodemailer on SMTP_URL in mailer.ts), so
// each one is unit-tested as words. Parents' e-mails carry an unsubscribe link (and List-Unsubscribe
// with one-click POST, RFC 8058); the centre's carry a link to the list at /centre.

/** One e-mail, as nodemailer takes it. */
export interface Mail {
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly headers?: Readonly<Record<string, string>>
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** Where the e-mails come from and point to (mail-config.ts reads them from the environment). */
export interface MailConfig {
  /** The centre's name, shown as the sender. */
  readonly centreName: string
  /** The address the e-mails are sent from. */
  readonly fromAddress: string
  /** The centre's address: new registrations and inquiries go there. */
  readonly centreAddress: string
  /** The site's origin, for the links to /centre and /kid/{id}. */
  readonly siteOrigin: string
  /** The unsubscribe function's address (the query is added). */
  readonly unsubscribeUrl: string
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** '"Sunbeam Day Care & Baby Care" <hello@…>': the name quoted, so '&' or ',' in it is safe. */
export function sender(config: MailConfig): string {
  return `"${config.centreName.replace(/["\\]/g, '')}" <${config.fromAddress}>`
}

function page(paragraphs: readonly string[], link: { href: string; label: string }, footer?: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')
  const foot = footer ? `\n<p style="color:#555;font-size:13px">${footer}</p>` : ''
  return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">
${body}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>${foot}
</body></html>
`
}

export interface ParentNotice {
  readonly to: string
  readonly parentName: string
  readonly kidId: string
  readonly kidName: string
  readonly text: string
  /** The parent's token for the unsubscribe link. */
  readonly uid: string
  readonly unsubscribeToken: string
}

/** A notice for a parent who has not allowed push: what the centre decided, a link to the child. */
export function parentNoticeMail(notice: ParentNotice, config: MailConfig): Mail {
  const kidUrl = `${config.siteOrigin}/kid/${encodeURIComponent(notice.kidId)}`
  const unsubscribe = `${config.unsubscribeUrl}?${new URLSearchParams({ u: notice.uid, t: notice.unsubscribeToken })}`
  const greeting = notice.parentName ? `Dear ${notice.parentName},` : 'Hello,'
  const lines = [greeting, notice.text, `${config.centreName}`]
  return {
    from: sender(config),
    to: notice.to,
    subject: `${notice.kidName}: news from ${config.centreName}`,
    text: `${greeting}\n\n${notice.text}\n\nSee ${notice.kidName}'s page: ${kidUrl}\n\n${config.centreName}\n\n-- \nYou get this because you have not allowed notifications in the app. Stop these e-mails: ${unsubscribe}\n`,
    html: page(
      lines,
      { href: kidUrl, label: `See ${notice.kidName}'s page` },
      `You get this because you have not allowed notifications in the app. <a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a>.`,
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** Something new for the centre: a child registered or an inquiry sent. */
export interface CentreItem {
  readonly kind: 'registration' | 'inquiry'
  /** The record's id (kids/{id} or inquiries/{id}). */
  readonly id: string
  /** One line for the e-mail: 'Amara (Monthly plan)', 'Ada Lovelace: A visit'. */
  readonly summary: string
}

const listPath = (kind: CentreItem['kind']) => (kind === 'registration' ? '/centre' : '/centre/inquiries')
const kindWords = { registration: 'registration', inquiry: 'inquiry' } as const

/** One new registration or inquiry, with a link to its list at /centre. */
export function centreItemMail(item: CentreItem, config: MailConfig): Mail {
  const url = `${config.siteOrigin}${listPath(item.kind)}`
  const subject = `New ${kindWords[item.kind]}: ${item.summary}`
  const label = item.kind === 'registration' ? 'See the registrations' : 'See the inquiries'
  return {
    from: sender(config),
    to: config.centreAddress,
    subject,
    text: `${subject}\n\n${label}: ${url}\n\nWhich e-mails the centre gets: ${config.siteOrigin}/centre (E-mails)\n`,
    html: page([subject], { href: url, label }),
  }
}

/** More than five within ten minutes: the rest in one e-mail. */
export function centreDigestMail(items: readonly CentreItem[], config: MailConfig): Mail {
  const registrations = items.filter((item) => item.kind === 'registration')
  const inquiries = items.filter((item) => item.kind === 'inquiry')
  const count = (n: number, one: string, many: string) => (n ? `${n} new ${n === 1 ? one : many}` : null)
  const parts = [
    count(registrations.length, 'registration', 'registrations'),
    count(inquiries.length, 'inquiry', 'inquiries'),
  ].filter((part): part is string => part !== null)
  const subject = parts.join(' and ')
  const lines = items.map(
    (item) => `${item.kind === 'registration' ? 'Registration' : 'Inquiry'}: ${item.summary}`,
  )
  const url = `${config.siteOrigin}${inquiries.length && !registrations.length ? '/centre/inquiries' : '/centre'}`
  return {
    from: sender(config),
    to: config.centreAddress,
    subject,
    text: `${subject}:\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\nSee them: ${url}\n`,
    html: page([`${subject}:`, ...lines], { href: url, label: 'See them at /centre' }),
  }
}
