// The inquiry ports on Firestore (Admin SDK): inquiries/{id}, and inquiryQuota/{key} with the times of
// the last hour's inquiries under that key (the rules let no client read or write it).
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { INQUIRY_LIMIT, INQUIRY_WINDOW_MS, type InquiryQuota, type InquiryStore } from './inquiry'

export function firestoreInquiryStore(db: Firestore): InquiryStore {
  return {
    async exists(id) {
      return (await db.doc(`inquiries/${id}`).get()).exists
    },
    async create(id, inquiry) {
      try {
        await db.doc(`inquiries/${id}`).create({ ...inquiry, timestamp: FieldValue.serverTimestamp() })
      } catch (error) {
        // ALREADY_EXISTS: the same inquiry, sent twice at once.
        if ((error as { code?: unknown }).code !== 6) throw error
      }
    },
  }
}

export function firestoreInquiryQuota(db: Firestore): InquiryQuota {
  return {
    take(keys, now) {
      return db.runTransaction(async (transaction) => {
        const refs = keys.map((key) => db.doc(`inquiryQuota/${key}`))
        const snapshots = await transaction.getAll(...refs)
        const recent = snapshots.map((snapshot) =>
          ((snapshot.get('sent') as number[] | undefined) ?? []).filter((at) => now - at < INQUIRY_WINDOW_MS),
        )
        if (recent.some((times) => times.length >= INQUIRY_LIMIT)) return false
        refs.forEach((ref, i) => {
          transaction.set(ref, {
            sent: [...(recent[i] ?? []), now],
            expiresAt: new Date(now + INQUIRY_WINDOW_MS),
          })
        })
        return true
      })
    },
  }
}
