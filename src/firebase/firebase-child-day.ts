// ChildDayPort on Firestore (issue 51; docs/decisions/0076): the parent's own children's arrivals and
// collections of one day, live and from the persistent cache first. In the parent area's bundle, so
// small; the door's adapter (firebase-attendance.ts, its own chunk) reads events with eventOf too.
import {
  collection,
  type DocumentData,
  doc,
  documentId,
  getDoc,
  getDocFromServer,
  limit,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
} from 'firebase/firestore'
import type { ChildDayPort } from '#shared/backend/child-day-ports'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { parseAttendanceEvent, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { parseCodeVerifiers, parseCollectionCodes } from '#shared/records/collection-code'
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

    watchCollectionCodes(kidId, userId, listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          // A query for the one document, as the enrolment file's (firebase-registrations.ts): the child's
          // page listens while this device makes the first codes, and a document listener could keep
          // 'none' after that write (firebase-tools #3867); 'none' would make new codes.
          query(
            collection(db, 'collectionCodes'),
            where(documentId(), '==', kidId),
            where('userRef', '==', userId),
          ),
          (snapshot) => {
            const found = snapshot.docs[0]
            listener(found ? parseCollectionCodes(found.data()) : null)
          },
          (error) => onError(toKidsBackendError(error)),
        ),
      )
    },

    async readCollectionCodes(kidId) {
      const db = await services.db()
      // The server's when it answers, else the cache's (getDoc); offline with nothing cached: unknown.
      const [codes, checks] = await Promise.all([
        getDoc(doc(db, 'collectionCodes', kidId)).catch(() => null),
        getDoc(doc(db, 'codeChecks', kidId)).catch(() => null),
      ])
      if (!codes?.exists()) return null
      return {
        codes: parseCollectionCodes(codes.data()),
        verifiers: checks?.exists() ? parseCodeVerifiers(checks.data()) : [],
      }
    },

    async saveCollectionCodes(kidId, codes, verifiers, { asUser }) {
      const db = await services.db()
      if (services.auth.currentUser?.uid !== asUser)
        throw new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        })
      // One batch: each record's rule wants the other written at the same server time (firestore.rules).
      const batch = writeBatch(db)
      batch.set(doc(db, 'collectionCodes', kidId), {
        codes: codes.map(({ name, relation, code }) => ({ name, relation, code })),
        userRef: asUser,
        savedAt: serverTimestamp(),
      })
      batch.set(doc(db, 'codeChecks', kidId), {
        people: verifiers.map(({ name, relation, salt, hash, iterations }) => ({
          name,
          relation,
          salt,
          hash,
          iterations,
        })),
        userRef: asUser,
        savedAt: serverTimestamp(),
      })
      try {
        await batch.commit()
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },
  }
}
