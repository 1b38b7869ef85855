// The PushService on Web Push with VAPID (the web-push library; docs/decisions/0029): the message is
// encrypted for the subscription and posted to its endpoint (the browser's push service). 404 or 410:
// the subscription is gone (the app uninstalled, permission withdrawn); the caller removes it.
import webpush from 'web-push'
import { PUSH_TIMEOUT_MS, type PushService } from './notices'

export interface VapidKeys {
  readonly subject: string
  readonly publicKey: string
  readonly privateKey: string
}

export function webPushService(vapid: VapidKeys): PushService {
  return {
    async send(subscription, payload) {
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: vapid,
          // A day: a decision still matters tomorrow; older, the e-mail-less parent sees it in the app.
          TTL: 24 * 60 * 60,
          urgency: 'normal',
          // A push service that never answers must not hold the function (notices.ts bounds it too).
          timeout: PUSH_TIMEOUT_MS,
        })
        return 'sent'
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode
        if (status === 404 || status === 410) return 'gone'
        console.warn('A push message could not be delivered', {
          status,
          endpoint: new URL(subscription.endpoint).origin,
        })
        return 'failed'
      }
    },
  }
}
