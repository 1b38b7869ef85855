// The inquiry ports on Firestore (Admin SDK): inquiries/{id}, and inquiryQuota/{key} with the times of
// the last hour's inquiries under that key (the rules let no client read or write it).
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { CEILING_KEY, INQUIRY_WINDOW_MS, type InquiryQuota, type InquiryStore } from './inquiry'

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
    take(entries, now) {
      return db.runTransaction(async (transaction) => {
        const refs = entries.map((entry) => db.doc(`inquiryQuota/${entry.key}`))
        const snapshots = await transaction.getAll(...refs)
        const recent = snapshots.map((snapshot) =>
          ((snapshot.get('sent') as number[] | undefined) ?? []).filter((at) => now - at < INQUIRY_WINDOW_MS),
        )
        if (recent.some((times, i) => times.length >= (entries[i]?.limit ?? 0))) return false
        refs.forEach((ref, i) => {
          const entry = entries[i]
          transaction.set(ref, {
            sent: [...(recent[i] ?? []), now],
            expiresAt: new Date(now + INQUIRY_WINDOW_MS),
            // The overall count shows its ceiling to staff (firestore.rules: staff read inquiryQuota/all).
            ...(entry?.key === CEILING_KEY ? { limit: entry.limit } : {}),
          })
        })
        return true
      })
    },
  }
}
