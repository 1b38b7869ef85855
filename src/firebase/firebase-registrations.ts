// RegistrationsPort on Firestore: the parent follows registrations/{kidId}, the centre's decision about
// their child (written by staff only; firestore.rules lets the child's owner read it), and writes their
// replies beside it, registrations/{kidId}/replies/{questionId} (created once, never changed: decision
// 0031), and the enrolment file, enrolments/{kidId} (decision 0032). From the cache first, so the card says the last known state offline too.
import {
  collection,
  type DocumentData,
  doc,
  documentId,
  type Firestore,
  getDocFromServer,
  onSnapshot,
  type Query,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
} from 'firebase/firestore'
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { parseEnrolment } from '#shared/records/enrolment-record'
import { parseRegistration, type Registration } from '#shared/records/registration-record'
import { parseReply } from '#shared/records/reply-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'
import { toKidsBackendError } from './firebase-kids'

/** The stamp of a snapshot's decidedAt in ms ('estimate' while the write waits for the server). */
export function millisOf(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null
}

/** A stored registration as the app reads it. */
export function registrationOf(data: DocumentData): Registration | null {
  return parseRegistration(data, millisOf(data.decidedAt), millisOf(data.decidedOn), millisOf(data.askedAt))
}

// A listener on one document opened before another client creates it can miss the creation for good
// on the emulator (firebase-tools #3867): 26 to 29 of 30 staff listeners never saw a parent's reply, and
// a parent's open page never saw staff's first decision. A query for that one document, by its id, saw
// every one (0 of 30 missed). firestore.rules lets the child's owner list by that id only.

/** registrations/{kidId}, followed as a query for that one document. */
export function registrationQuery(db: Firestore, kidId: string): Query {
  return query(collection(db, 'registrations'), where(documentId(), '==', kidId))
}

/**
 * enrolments/{kidId} as `userId`'s family wrote it, followed as a query for that one document (above).
 * The form listens before its first save, in the same client that then creates the file: a document
 * listener there saw the file, then 'no file' (firebase-tools #3867), and Firestore's cache kept 'no
 * file' across a reload (a parent's collection codes never drawn, 1 CI run in 2 under load).
 */
export function enrolmentQuery(db: Firestore, kidId: string, userId: string): Query {
  return query(collection(db, 'enrolments'), where(documentId(), '==', kidId), where('userRef', '==', userId))
}

/** registrations/{kidId}/replies/{questionId}, followed as a query for that one document. */
export function replyQuery(db: Firestore, kidId: string, questionId: string): Query {
  return query(collection(db, 'registrations', kidId, 'replies'), where(documentId(), '==', questionId))
}

export function createFirebaseRegistrations(services: FirebaseServices): RegistrationsPort {
  return {
    watch(kidId, listener) {
      return services.listen((db) =>
        onSnapshot(
          registrationQuery(db, kidId),
          (snapshot) => {
            const found = snapshot.docs[0]
            if (!found) return listener(null)
            listener(registrationOf(found.data({ serverTimestamps: 'estimate' })))
          },
          (error) => {
            // permission-denied: the child is not (or no longer) this parent's on the server.
            if (firebaseErrorCode(error) === 'permission-denied') listener('forbidden')
            else console.warn("The centre's decision could not be followed", error)
          },
        ),
      )
    },

    watchReply(kidId, questionId, listener) {
      return services.listen((db) =>
        onSnapshot(
          replyQuery(db, kidId, questionId),
          (snapshot) => {
            const found = snapshot.docs[0]
            const reply = found ? parseReply(questionId, found.data(), null) : null
            listener(reply?.reply ?? null)
          },
          (error) => console.warn('Your reply could not be followed', error),
        ),
      )
    },

    async sendReply(kidId, questionId, reply, { asUser }) {
      const db = await services.db()
      // Checked in the same turn as the write: it is queued under the account signed in now.
      if (services.auth.currentUser?.uid !== asUser)
        throw new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        })
      try {
        await setDoc(doc(db, 'registrations', kidId, 'replies', questionId), {
          reply,
          answeredAt: serverTimestamp(),
          answeredBy: asUser,
        })
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },

    watchEnrolment(kidId, userId, listener) {
      return services.listen((db) =>
        onSnapshot(
          enrolmentQuery(db, kidId, userId),
          (snapshot) => {
            const found = snapshot.docs[0]
            if (!found) return listener(null)
            const data = found.data({ serverTimestamps: 'estimate' })
            listener(parseEnrolment(kidId, data, millisOf(data.savedAt)))
          },
          (error) => {
            if (firebaseErrorCode(error) === 'permission-denied') listener('forbidden')
            else console.warn('The enrolment file could not be followed', error)
          },
        ),
      )
    },

    async saveEnrolment(kidId, record, { asUser }) {
      const db = await services.db()
      if (services.auth.currentUser?.uid !== asUser)
        throw new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        })
      try {
        // The whole file each time (the form's state): what the server holds is what the parent saw.
        await setDoc(doc(db, 'enrolments', kidId), { ...record, savedAt: serverTimestamp() })
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },

    async readFromServer(kidId, questionId) {
      const db = await services.db()
      try {
        const [registration, reply] = await Promise.all([
          getDocFromServer(doc(db, 'registrations', kidId)),
          getDocFromServer(doc(db, 'registrations', kidId, 'replies', questionId)),
        ])
        return {
          registration: registration.exists() ? registrationOf(registration.data()) : null,
          reply: reply.exists() ? (parseReply(questionId, reply.data(), null)?.reply ?? null) : null,
        }
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },
  }
}
