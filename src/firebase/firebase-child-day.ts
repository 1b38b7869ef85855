// ChildDayPort on Firestore (issue 51; docs/decisions/0076): the parent's own children's arrivals and
// collections of one day, live and from the persistent cache first. In the parent area's bundle, so
// small; the door's adapter (firebase-attendance.ts, its own chunk) reads events with eventOf too.
import {
  collection,
  type DocumentData,
  doc,
  getDocFromServer,
  limit,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
} from 'firebase/firestore'
import type { ChildDayPort } from '#shared/backend/child-day-ports'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { parseAttendanceEvent, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { parseTellMessage, tellMessageData } from '#shared/records/tell-the-centre-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'
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

    async tell(id, message, { asUser }) {
      const db = await services.db()
      // Checked in the same turn as the write: it is queued under the account signed in now.
      if (services.auth.currentUser?.uid !== asUser)
        throw new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        })
      try {
        await setDoc(doc(db, 'tellTheCentre', id), {
          ...tellMessageData(message),
          deviceAt: Timestamp.fromMillis(message.deviceAt),
          createdAt: serverTimestamp(),
          withdrawnAt: null,
        })
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },

    async readMessageFromServer(id) {
      const db = await services.db()
      try {
        const snapshot = await getDocFromServer(doc(db, 'tellTheCentre', id))
        if (!snapshot.exists()) return null
        const data = snapshot.data()
        return parseTellMessage(id, data, {
          deviceAt: millis(data.deviceAt),
          createdAt: millis(data.createdAt),
          withdrawnAt: millis(data.withdrawnAt),
        })
      } catch (error) {
        // The rules refuse a parent a message that does not exist (its userRef is not theirs to read).
        if (firebaseErrorCode(error) === 'permission-denied') return null
        throw toKidsBackendError(error)
      }
    },
  }
}
