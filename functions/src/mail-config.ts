// The e-mail and push settings, from the environment (functions/.env.<project> for the plain ones; the
// secrets SMTP_URL and VAPID_PRIVATE_KEY with `firebase functions:secrets:set`, docs/functions.md). On
// the emulators the process that starts them sets them all (scripts/start.mjs,
// scripts/online-emulators.mjs), secrets included: the emulator would otherwise ask Secret Manager.
import type { MailConfig } from './mail'
import { REGION } from './region'
import type { VapidKeys } from './web-push'

/** The secrets the notice and e-mail functions read, declared where they are deployed only. */
export const SECRETS = ['SMTP_URL', 'VAPID_PRIVATE_KEY']
export const onEmulator = process.env.FUNCTIONS_EMULATOR === 'true'
export const declaredSecrets = onEmulator ? [] : SECRETS

const env = (name: string) => process.env[name]?.trim() || undefined

function project(): string {
  return env('GCLOUD_PROJECT') ?? 'demo-sunbeam'
}

export function mailConfig(): MailConfig {
  const functionsOrigin =
    env('SUNBEAM_FUNCTIONS_ORIGIN') ?? `https://${REGION}-${project()}.cloudfunctions.net`
  const centreAddress = env('CENTRE_EMAIL') ?? 'hello@sunbeam-daycare.example'
  return {
    centreName: env('CENTRE_NAME') ?? 'Sunbeam Day Care & Baby Care',
    fromAddress: env('MAIL_FROM') ?? centreAddress,
    centreAddress,
    siteOrigin: (env('SITE_ORIGIN') ?? `https://${project()}.web.app`).replace(/\/$/, ''),
    unsubscribeUrl: onEmulator
      ? `${functionsOrigin}/${project()}/${REGION}/unsubscribe`
      : `${functionsOrigin}/unsubscribe`,
  }
}

/** The VAPID keys, or null: without them no push is sent (the parents get e-mail). */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env('VAPID_PUBLIC_KEY')
  const privateKey = env('VAPID_PRIVATE_KEY')
  if (!publicKey || !privateKey) return null
  return { subject: env('VAPID_SUBJECT') ?? `mailto:${mailConfig().centreAddress}`, publicKey, privateKey }
}
