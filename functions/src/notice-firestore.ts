// The notice and centre e-mail ports on Firestore (Admin SDK, past the rules):
// - users/{uid}/notices/{id}: the parent's notices (the parent reads them and marks them read);
// - users/{uid}/devices/{id}: the parent's push subscriptions (written by the parent's app);
// - users/{uid}/private/mail: whether the parent gets notices by e-mail, and the unsubscribe link's
//   token (no client reads it);
// - centre/settings: which e-mails the centre gets (staff set it at /centre);
// - centreMail/{kind-id} and centreMail-window/recent: each item's fate, the last ten minutes' e-mails.
// All of a parent's goes with users/{uid}'s tree when the account is deleted (cleanup.ts).
import { randomBytes } from 'node:crypto'
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore'
import { parseCentreMailChoices } from '#shared/records/centre-settings'
import { CENTRE_MAIL_LIMIT, CENTRE_MAIL_WINDOW_MS, type CentreMailStore, type Claim } from './centre-mail'
import type { CentreItem } from './mail'
import type { Delivery, NoticeStore, PushDevice } from './notices'

const ALREADY_EXISTS = 6

/** Whether the account's e-mail address is verified (Auth; the Admin SDK). */
export type EmailVerified = (uid: string) => Promise<boolean>

export function firestoreNoticeStore(db: Firestore, emailVerified: EmailVerified): NoticeStore {
  return {
    async kid(kidId) {
      const snapshot = await db.doc(`kids/${kidId}`).get()
      if (!snapshot.exists) return null
      const userRef = snapshot.get('userRef')
      const kidName = snapshot.get('kidName')
      return typeof userRef === 'string'
        ? { userRef, kidName: typeof kidName === 'string' ? kidName : 'Your child' }
        : null
    },
    async record(uid, id, notice) {
      const ref = db.doc(`users/${uid}/notices/${id}`)
      try {
        await ref.create({
          ...notice,
          createdAt: FieldValue.serverTimestamp(),
          readAt: null,
          delivered: null,
        })
        return { delivered: null, pushedTo: [] }
      } catch (error) {
        if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error
        const stored = await ref.get()
        const delivered = stored.get('delivered')
        const pushedTo = stored.get('pushedTo')
        return {
          delivered: typeof delivered === 'string' ? (delivered as Delivery) : null,
          pushedTo: Array.isArray(pushedTo) ? pushedTo.filter((d): d is string => typeof d === 'string') : [],
        }
      }
    },
    async markPushing(uid, id, deviceIds) {
      await db.doc(`users/${uid}/notices/${id}`).update({ pushedTo: FieldValue.arrayUnion(...deviceIds) })
    },
    async markDelivered(uid, id, via, verifyEmail) {
      await db
        .doc(`users/${uid}/notices/${id}`)
        .update({ delivered: via, ...(verifyEmail ? { verifyEmail: true } : {}) })
    },
    async devices(uid) {
      const snapshot = await db.collection(`users/${uid}/devices`).get()
      return snapshot.docs.flatMap((doc): PushDevice[] => {
        const { endpoint, p256dh, auth, createdAt } = doc.data()
        if (typeof endpoint !== 'string' || typeof p256dh !== 'string' || typeof auth !== 'string') return []
        const at = createdAt instanceof Timestamp ? createdAt.toMillis() : 0
        return [{ id: doc.id, subscription: { endpoint, keys: { p256dh, auth } }, createdAt: at }]
      })
    },
    async removeDevice(uid, deviceId) {
      await db.doc(`users/${uid}/devices/${deviceId}`).delete()
    },
    async contact(uid) {
      const [user, mail, verified] = await Promise.all([
        db.doc(`users/${uid}`).get(),
        db.doc(`users/${uid}/private/mail`).get(),
        emailVerified(uid),
      ])
      if (!user.exists) return null
      const email = user.get('email')
      const name = user.get('name')
      let token = mail.get('unsubscribeToken')
      if (typeof token !== 'string') {
        token = randomBytes(24).toString('base64url')
        // merge: a token made meanwhile by a second run is overwritten only by its twin's (either works
        // until the next e-mail; the link checks the stored one).
        await db.doc(`users/${uid}/private/mail`).set({ unsubscribeToken: token }, { merge: true })
      }
      return {
        email: typeof email === 'string' ? email : null,
        name: typeof name === 'string' ? name : '',
        emailNotices: mail.get('emailNotices') !== false,
        emailVerified: verified,
        unsubscribeToken: token as string,
      }
    },
  }
}

/** The unsubscribe link: true (and e-mails stop) when the token is the parent's. */
export async function unsubscribeParent(db: Firestore, uid: string, token: string): Promise<boolean> {
  if (!uid || uid.includes('/') || !token) return false
  const ref = db.doc(`users/${uid}/private/mail`)
  const stored = (await ref.get()).get('unsubscribeToken')
  if (typeof stored !== 'string' || stored !== token) return false
  await ref.set({ emailNotices: false }, { merge: true })
  return true
}

const itemKey = (item: CentreItem) => `${item.kind}-${item.id}`

export function firestoreCentreMailStore(db: Firestore): CentreMailStore {
  return {
    async prefs() {
      return parseCentreMailChoices((await db.doc('centre/settings').get()).data())
    },
    claim(item, now) {
      return db.runTransaction(async (transaction): Promise<Claim> => {
        const itemRef = db.doc(`centreMail/${itemKey(item)}`)
        const windowRef = db.doc('centreMail-window/recent')
        const [existing, window] = await transaction.getAll(itemRef, windowRef)
        const state = existing?.get('state')
        if (state === 'sent' || state === 'digest') return 'done'
        if (state === 'single') return 'single'
        const recent = ((window?.get('sent') as number[] | undefined) ?? []).filter(
          (at) => now - at < CENTRE_MAIL_WINDOW_MS,
        )
        const claim: Claim = recent.length < CENTRE_MAIL_LIMIT ? 'single' : 'digest'
        if (claim === 'single') transaction.set(windowRef, { sent: [...recent, now] })
        transaction.set(itemRef, { ...item, state: claim, at: new Date(now) })
        return claim
      })
    },
    async markSent(items) {
      const batch = db.batch()
      for (const item of items)
        batch.set(db.doc(`centreMail/${itemKey(item)}`), { state: 'sent' }, { merge: true })
      await batch.commit()
    },
    async waiting() {
      const snapshot = await db.collection('centreMail').where('state', '==', 'digest').limit(200).get()
      return snapshot.docs.map((doc) => {
        const { kind, id, summary } = doc.data()
        return { kind, id, summary } as CentreItem
      })
    },
  }
}
