// The Mailer on SMTP (nodemailer), at SMTP_URL: a secret in production (smtps://user:pass@host:465),
// the local catcher on the emulators (scripts/smtp-catcher.mjs). Without SMTP_URL nothing can be sent:
// the function fails (and, retried, tries again once it is set) rather than lose an e-mail quietly.
import nodemailer, { type Transporter } from 'nodemailer'
import type { Mailer } from './mail'

export function smtpMailer(url: string | undefined): Mailer {
  let transport: Transporter | null = null
  return {
    async send(mail) {
      if (!url) throw new Error('SMTP_URL is not set: the e-mail cannot be sent')
      transport ??= nodemailer.createTransport(url)
      await transport.sendMail({ ...mail })
    },
  }
}
