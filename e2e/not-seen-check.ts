// 'Not here yet', the 10:00 check (functions/src/not-seen.ts), run by a browser test against the online
// world's Firestore emulator: the Functions emulator loads `notSeenCheck` but does not fire schedules, so
// the test calls the same module, with the same Firestore adapters, through the Admin SDK, at a moment of
// its choosing (`now`), limited to its own children (other tests share the emulator; centre/notSeenCheck
// is left alone). Notices are stored as the function stores them; no push or e-mail is sent from here.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { mailConfig } from '../functions/src/mail-config'
import { type NotSeenReport, runNotSeenCheck } from '../functions/src/not-seen'
import { firestoreNotSeen } from '../functions/src/not-seen-firestore'
import { firestoreNoticeStore } from '../functions/src/notice-firestore'
import { ONLINE_FIRESTORE_PORT } from './online-world'

const APP_NAME = 'not-seen-check-test'

function adminDb() {
  // The Admin SDK finds the emulator through this variable, as firebase-tools sets it for the functions.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ONLINE_FIRESTORE_PORT}`
  const app =
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-sunbeam' }, APP_NAME)
  return getFirestore(app)
}

/** Runs the check as if it were `now` (ms), for these children only. */
export function runNotSeenCheckAt(now: number, kidIds: readonly string[]): Promise<NotSeenReport> {
  const db = adminDb()
  const notices = {
    store: firestoreNoticeStore(db, async () => false),
    push: null,
    mailer: null,
    mail: mailConfig(),
  }
  return runNotSeenCheck(firestoreNotSeen(db), notices, now, kidIds)
}
