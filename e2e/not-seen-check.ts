// 'Not here yet', the 10:00 check (functions/src/not-seen.ts), run by a browser test against the online
// world's Firestore emulator: the Functions emulator loads `notSeenCheck` but does not fire schedules, so
// the test calls the same module, with the same Firestore adapters, through the Admin SDK, at a moment of
// its choosing (`now`), limited to its own children (other tests share the emulator; centre/notSeenCheck
// is left alone). Notices are stored as the function stores them; no push or e-mail is sent from here.
import { mailConfig } from '../functions/src/mail-config'
import { type NotSeenReport, runNotSeenCheck } from '../functions/src/not-seen'
import { firestoreNotSeen } from '../functions/src/not-seen-firestore'
import { firestoreNoticeStore } from '../functions/src/notice-firestore'
import { adminFirestore } from './admin-firestore'

/** Runs the check as if it were `now` (ms), for these children only. */
export function runNotSeenCheckAt(now: number, kidIds: readonly string[]): Promise<NotSeenReport> {
  const db = adminFirestore()
  const notices = {
    store: firestoreNoticeStore(db, async () => false),
    push: null,
    mailer: null,
    mail: mailConfig(),
  }
  return runNotSeenCheck(firestoreNotSeen(db), notices, now, kidIds)
}
