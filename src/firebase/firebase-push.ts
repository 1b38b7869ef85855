// PushPort on the browser's Push API with VAPID (docs/decisions/0029): the service worker's subscription,
// kept for the parent in users/{uid}/devices/{id} (the id from the endpoint), which the function
// registrationNotice posts to with web-push. No Firebase Messaging SDK: the parent area gains only this.
import { deleteDoc, doc, serverTimestamp, setDoc } from 'firebase/firestore'
import type { PushPort, PushState } from '#shared/backend/notices-ports'
import { isPushServiceEndpoint } from '#shared/records/bounds'
import type { FirebaseServices } from './firebase-app'
import { useEmulators } from './firebase-config'

/** `work`, or a rejection after `ms` (a service worker that never activates, a write with no server). */
function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms)),
  ])
}

// The public half of the demo project's VAPID key pair (scripts/dev-push-keys.mjs holds both): the app
// built for a demo- project (npm start, the browser suite) subscribes with it. A real project sets
// VITE_VAPID_PUBLIC_KEY to its own (docs/functions.md).
const DEV_VAPID_PUBLIC_KEY =
  'BODeH90gAk6KdaXZ5honEQZZl5It0V8SD51QX0Rbbceb95a2v6eZRLESXyhSkvfyqNkMFUpjMN_AjbaPxvbgPCk'

const vapidPublicKey = import.meta.env.VITE_VAPID_PUBLIC_KEY || (useEmulators ? DEV_VAPID_PUBLIC_KEY : '')

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

/** The device's record id: SHA-256 of the endpoint, base64url (43 characters; firestore.rules). */
export async function deviceIdOf(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * Push services besides the browsers' own that a build talking to the emulators may register: the browser
 * suite's stand-in (https on 127.0.0.1, any port). firestore.rules allows it only where the emulator's
 * centre/pushStandIn names it; production builds register real push services only.
 */
const EMULATOR_PUSH_HOSTS: readonly string[] = useEmulators ? ['127.0.0.1'] : []

/** What a device's record holds (firestore.rules: exactly these, createdAt the server's time). */
export interface DeviceRecord {
  readonly endpoint: string
  readonly p256dh: string
  readonly auth: string
}

/**
 * The record of a subscription and its id (deviceIdOf its endpoint), or null when the subscription is
 * not one the server may post to: its endpoint not a browser push service's (PUSH_SERVICE_HOSTS in
 * src/shared/records/bounds.ts, or `extraHosts`), or its keys missing.
 */
export async function deviceRecordOf(
  subscription: { readonly endpoint?: string; readonly keys?: Record<string, string> },
  extraHosts: readonly string[] = EMULATOR_PUSH_HOSTS,
): Promise<{ readonly id: string; readonly record: DeviceRecord } | null> {
  const { endpoint, keys } = subscription
  if (!endpoint || !keys?.p256dh || !keys.auth) return null
  if (!isPushServiceEndpoint(endpoint, extraHosts)) return null
  return { id: await deviceIdOf(endpoint), record: { endpoint, p256dh: keys.p256dh, auth: keys.auth } }
}

/** iPhone and iPad (iPadOS says it is a Mac with touch): push only in the installed app. */
function appleMobile(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  )
}

function installed(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true
  )
}

function support(): 'unsupported' | 'install-first' | 'supported' {
  if (!vapidPublicKey) return 'unsupported'
  if (appleMobile() && !installed()) return 'install-first'
  if (
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined' ||
    typeof Notification === 'undefined'
  )
    return 'unsupported'
  return 'supported'
}

/**
 * The service worker's registration once it is active (a first visit installs it meanwhile, which took
 * several seconds on a busy phone); null if it never becomes active within `ms`.
 */
async function registration(ms: number): Promise<ServiceWorkerRegistration | null> {
  return bounded(navigator.serviceWorker.ready, ms).catch(() => null)
}

export function createFirebasePush(services: FirebaseServices): PushPort {
  const deviceRef = async (userId: string, endpoint: string) =>
    doc(await services.db(), 'users', userId, 'devices', await deviceIdOf(endpoint))

  return {
    async state(): Promise<PushState> {
      const supported = support()
      if (supported !== 'supported') return supported
      if (Notification.permission === 'denied') return 'denied'
      // Not waiting for a worker still installing: until it has a subscription, push is off here.
      const worker = await navigator.serviceWorker.getRegistration()
      const subscription = worker?.active ? await worker.pushManager.getSubscription() : null
      return subscription && Notification.permission === 'granted' ? 'on' : 'off'
    },

    async turnOn(userId): Promise<PushState> {
      const supported = support()
      if (supported !== 'supported') return supported
      // The browser's own question, asked only now: the parent tapped 'Tell me when the centre answers'.
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
      const worker = await registration(20_000)
      if (!worker) return 'unsupported'
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlBytes(vapidPublicKey),
        }))
      const json = subscription.toJSON()
      if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
        throw new Error('The browser gave no usable subscription')
      const device = await deviceRecordOf(json)
      if (!device) {
        // Not a push service the server posts to: nothing is kept, and notices come by e-mail.
        console.warn('This browser push service is not one notices are sent to')
        await subscription.unsubscribe().catch(() => false)
        return 'unsupported'
      }
      const ref = doc(await services.db(), 'users', userId, 'devices', device.id)
      // Kept on the server once it answers; offline, Firestore sends it on reconnecting.
      const saved = setDoc(ref, { ...device.record, createdAt: serverTimestamp() })
      saved.catch((error: unknown) => console.warn('This device could not be kept for notifications', error))
      await bounded(saved, 5_000).catch(() => undefined)
      return 'on'
    },

    async turnOff(userId, withinMs = 3_000) {
      if (support() !== 'supported') return
      const worker = await navigator.serviceWorker.getRegistration()
      const subscription = await worker?.pushManager.getSubscription()
      if (!subscription) return
      const removed = deviceRef(userId, subscription.endpoint).then((ref) => deleteDoc(ref))
      await bounded(removed, withinMs).catch((error: unknown) =>
        console.warn('This device stays on the server until the push service says it is gone', error),
      )
      await subscription.unsubscribe().catch(() => false)
    },
  }
}
