// ChildDayPort on Firestore (issue 51; docs/decisions/0076): the parent's own children's arrivals and
// collections of one day, live and from the persistent cache first. In the parent area's bundle, so
// small; the door's adapter (firebase-attendance.ts, its own chunk) reads events with eventOf too.
import { collection, type DocumentData, limit, onSnapshot, query, Timestamp, where } from 'firebase/firestore'
import type { ChildDayPort } from '#shared/backend/child-day-ports'
import { parseAttendanceEvent, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import type { FirebaseServices } from './firebase-app'
import { toKidsBackendError } from './firebase-kids'

const millis = (value: unknown): number | null => (value instanceof Timestamp ? value.toMillis() : null)

/** An attendance document as the app reads it (a pending server time estimated), or null if malformed. */
export function eventOf(snapshot: {
  id: string
  data(options?: object): DocumentData
}): StoredAttendanceEvent | null {
  const data = snapshot.data({ serverTimestamps: 'estimate' })
  return parseAttendanceEvent(snapshot.id, data, {
    deviceAt: millis(data.deviceAt),
    sentAt: millis(data.sentAt),
    serverAt: millis(data.serverAt),
  })
}

export function createFirebaseChildDay(services: FirebaseServices): ChildDayPort {
  return {
    watchChildDay(uid, day, listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          // userRef == uid: the rules' condition for a parent's read (firestore.rules); two events a child.
          query(
            collection(db, 'attendance'),
            where('userRef', '==', uid),
            where('day', '==', day),
            limit(MAX_KIDS_PER_PARENT * 2),
          ),
          (snapshot) => listener(snapshot.docs.flatMap((document) => eventOf(document) ?? [])),
          (error) => onError(toKidsBackendError(error)),
        ),
      )
    },
  }
}
