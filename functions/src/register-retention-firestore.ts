// The register's retention on Firestore (Admin SDK): centre/today's period, and the day records of days
// before the first one kept, found by their `day` (a single-field index), deleted 500 a batch.
import type { Firestore } from 'firebase-admin/firestore'
import { parseRegisterMonths } from '#shared/records/day-settings'
import type { RegisterRetentionStore } from './register-retention'

/** The collections whose documents are one day's record (each has `day`, YYYY-MM-DD). */
const DAY_COLLECTIONS = ['attendance', 'tellTheCentre'] as const
const PAGE = 500

export function firestoreRegisterRetention(db: Firestore): RegisterRetentionStore {
  return {
    async registerMonths() {
      return parseRegisterMonths((await db.doc('centre/today').get()).data())
    },
    async deleteDaysBefore(day) {
      let deleted = 0
      for (const name of DAY_COLLECTIONS) {
        // A page at a time: the query is never read whole, and each batch is 500 deletes at most.
        for (;;) {
          const { docs } = await db.collection(name).where('day', '<', day).select().limit(PAGE).get()
          if (docs.length === 0) break
          const batch = db.batch()
          for (const doc of docs) batch.delete(doc.ref)
          await batch.commit()
          deleted += docs.length
          if (docs.length < PAGE) break
        }
      }
      return deleted
    },
  }
}
