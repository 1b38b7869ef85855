// The Mailer on SMTP (nodemailer), at SMTP_URL: a secret in production (smtps://user:pass@host:465),
// the local catcher on the emulators (scripts/smtp-catcher.mjs). Without SMTP_URL there is no Mailer
// (services.ts): a centre that has not set up e-mail yet gets one line in the log per e-mail not sent,
// not a failed, retried function (issue 53).
import nodemailer, { type Transporter } from 'nodemailer'
import type { Mailer } from './mail'

export function smtpMailer(url: string): Mailer {
  let transport: Transporter | null = null
  return {
    async send(mail) {
      transport ??= nodemailer.createTransport(url)
      await transport.sendMail({ ...mail })
    },
  }
}
