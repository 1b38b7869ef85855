// The retention store on Firestore (Admin SDK): centre/retention, registrations whose place ended, the
// parent's notice (users/{uid}/notices/retention-{kidId}) and the child's deletion (its day with it,
// decision 0073).
import { type Firestore, Timestamp } from 'firebase-admin/firestore'
import { parseRetentionDays } from '#shared/records/retention-settings'
import { firestoreRecords } from './firestore-records'
import type { EndedPlace, RetentionStore } from './retention'

const ALREADY_EXISTS = 6

function millis(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null
}

export function firestoreRetention(db: Firestore): RetentionStore {
  return {
    async periodDays() {
      return parseRetentionDays((await db.doc('centre/retention').get()).data())
    },
    async ended() {
      const snapshot = await db
        .collection('registrations')
        .where('state', 'in', ['declined', 'withdrawn', 'offered'])
        .get()
      const places: EndedPlace[] = []
      for (const doc of snapshot.docs) {
        const data = doc.data()
        let since = millis(data.decidedAt)
        if (data.state === 'offered') {
          // An offer ends only when the family declined it (their reply to the record's offer).
          const offerId = typeof data.offerId === 'string' ? data.offerId : ''
          const reply = offerId ? await doc.ref.collection('replies').doc(offerId).get() : null
          if (reply?.get('reply') !== 'declined') continue
          since = millis(reply.get('answeredAt')) ?? since
        }
        if (since === null) continue
        const kid = await db.doc(`kids/${doc.id}`).get()
        const userRef = typeof data.userRef === 'string' ? data.userRef : kid.get('userRef')
        const kidName = kid.get('kidName')
        places.push({
          kidId: doc.id,
          userRef: typeof userRef === 'string' ? userRef : '',
          kidName: typeof kidName === 'string' ? kidName : 'Your child',
          since,
          noticeAt: millis(data.retentionNoticeAt),
        })
      }
      return places
    },
    async notify(place, text, now) {
      if (place.userRef !== '') {
        try {
          await db.doc(`users/${place.userRef}/notices/retention-${place.kidId}`).create({
            kidId: place.kidId,
            kidName: place.kidName,
            text,
            createdAt: Timestamp.fromMillis(now),
            readAt: null,
            delivered: 'none',
          })
        } catch (error) {
          if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error
        }
      }
      await db.runTransaction(async (transaction) => {
        const ref = db.doc(`registrations/${place.kidId}`)
        const current = await transaction.get(ref)
        if (current.exists && current.get('retentionNoticeAt') == null)
          transaction.update(ref, { retentionNoticeAt: Timestamp.fromMillis(now) })
      })
    },
    async deleteChild(kidId) {
      const kid = db.doc(`kids/${kidId}`)
      if ((await kid.get()).exists) await kid.delete()
      else {
        // No child left (deleted past the app, before kidDeleted cleaned a child's day): the day and the
        // registration go here; otherwise kidDeleted does the rest.
        await firestoreRecords(db).deleteDayRecords(kidId)
        await db.recursiveDelete(db.doc(`registrations/${kidId}`))
      }
    },
  }
}
