// The Admin SDK and the ports on it, made once per instance. On the emulators firebase-tools sets the
// project and the emulators' hosts (FIRESTORE_EMULATOR_HOST and the others) for the Admin SDK. Where no
// Storage emulator runs, SUNBEAM_STORAGE_LOG names a file, and the bucket is the logged stand-in
// (logged-bucket.ts), which a browser test reads.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { getFirestore } from 'firebase-admin/firestore'
import { getStorage } from 'firebase-admin/storage'
import { adminBucket } from './admin-bucket'
import type { CentreMailPorts } from './centre-mail'
import type { CleanupPorts } from './cleanup'
import { firestoreRecords } from './firestore-records'
import type { InquiryQuota, InquiryStore } from './inquiry'
import { firestoreInquiryQuota, firestoreInquiryStore } from './inquiry-firestore'
import { loggedBucket } from './logged-bucket'
import type { Mailer } from './mail'
import { mailConfig, vapidKeys } from './mail-config'
import { smtpMailer } from './mailer'
import { firestoreCentreMailStore, firestoreNoticeStore } from './notice-firestore'
import type { NoticePorts } from './notices'
import { webPushService } from './web-push'

function app() {
  return getApps()[0] ?? initializeApp()
}

/** The ports for the default bucket, or `bucketName` (a Storage event names its own). */
export function ports(bucketName?: string): CleanupPorts {
  const log = process.env.SUNBEAM_STORAGE_LOG
  const bucket = log ? loggedBucket(log) : adminBucket(getStorage(app()).bucket(bucketName))
  return { bucket, records: firestoreRecords(getFirestore(app())) }
}

export function inquiryPorts(): { quota: InquiryQuota; store: InquiryStore } {
  const db = getFirestore(app())
  return { quota: firestoreInquiryQuota(db), store: firestoreInquiryStore(db) }
}

let mailer: Mailer | null = null
/** The Mailer on SMTP_URL, or null where e-mail is not set up (no SMTP_URL): nothing is e-mailed. */
function sharedMailer(): Mailer | null {
  const url = process.env.SMTP_URL?.trim()
  if (!url) return null
  mailer ??= smtpMailer(url)
  return mailer
}

/** Whether an account's e-mail is verified; an account gone meanwhile is not. */
async function emailVerified(uid: string): Promise<boolean> {
  try {
    return (await getAuth(app()).getUser(uid)).emailVerified
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return false
    throw error
  }
}

/** The tests' push stand-in's hosts (scripts/online-emulators.mjs sets them); none in a real project. */
function pushStandInHosts(): string[] {
  return (process.env.PUSH_STAND_IN_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
}

export function noticePorts(): NoticePorts {
  const vapid = vapidKeys()
  return {
    store: firestoreNoticeStore(getFirestore(app()), emailVerified),
    pushStandInHosts: pushStandInHosts(),
    push: vapid ? webPushService(vapid) : null,
    mailer: sharedMailer(),
    mail: mailConfig(),
  }
}

export function centreMailPorts(): CentreMailPorts {
  return { store: firestoreCentreMailStore(getFirestore(app())), mailer: sharedMailer(), mail: mailConfig() }
}

/** The Admin SDK's Firestore (the enrolment schedule, the notices' unsubscribe page). */
export function adminFirestore() {
  return getFirestore(app())
}
