// The 'Not here yet' store on Firestore (Admin SDK, past the rules): centre/today (the centre's time),
// centre/notSeenCheck (the day last checked; no client reads or writes it), confirmed registrations with
// their child records, and the day's attendance and 'Tell the centre' messages. Used by the scheduled
// function and by a browser test, which runs the same check against the emulator (the Functions emulator
// does not fire schedules).
import { type Firestore, Timestamp } from 'firebase-admin/firestore'
import { isStartDate } from '#shared/records/registration-record'
import { type NotSeenStore, type Place, parseNotSeenAt } from './not-seen'

export function firestoreNotSeen(db: Firestore): NotSeenStore {
  return {
    async notSeenAt() {
      return parseNotSeenAt((await db.doc('centre/today').get()).data())
    },
    async lastChecked() {
      const day = (await db.doc('centre/notSeenCheck').get()).get('day')
      return typeof day === 'string' ? day : null
    },
    async markChecked(day, told, now) {
      await db.doc('centre/notSeenCheck').set({ day, told, at: Timestamp.fromMillis(now) })
    },
    async confirmedPlaces() {
      const registrations = await db.collection('registrations').where('state', '==', 'confirmed').get()
      const started = registrations.docs.filter((doc) => isStartDate(doc.get('startDate')))
      if (started.length === 0) return []
      const kids = await db.getAll(...started.map((doc) => db.doc(`kids/${doc.id}`)))
      return started.flatMap((registration, i): Place[] => {
        const kid = kids[i]
        const userRef = kid?.get('userRef')
        const kidName = kid?.get('kidName')
        if (!kid?.exists || typeof userRef !== 'string') return []
        return [
          {
            kidId: registration.id,
            userRef,
            kidName: typeof kidName === 'string' ? kidName : '',
            startDate: registration.get('startDate') as string,
          },
        ]
      })
    },
    async seen(day) {
      const [attendance, messages] = await Promise.all([
        db.collection('attendance').where('day', '==', day).select('kidId', 'kind').get(),
        db.collection('tellTheCentre').where('day', '==', day).select('kidId', 'kind', 'withdrawnAt').get(),
      ])
      const kidIds = (docs: typeof attendance.docs) =>
        new Set(docs.map((doc) => doc.get('kidId')).filter((id): id is string => typeof id === 'string'))
      return {
        arrived: kidIds(attendance.docs.filter((doc) => doc.get('kind') === 'arrival')),
        away: kidIds(
          messages.docs.filter((doc) => doc.get('kind') === 'away' && doc.get('withdrawnAt') == null),
        ),
      }
    },
  }
}
