// RegistrationsPort on Firestore: the parent follows registrations/{kidId}, the centre's decision about
// their child (written by staff only; firestore.rules lets the child's owner read it). From the cache
// first, so the card says the last known state offline too.
import { doc, onSnapshot, Timestamp } from 'firebase/firestore'
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import { parseRegistration } from '#shared/records/registration-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'

/** The stamp of a snapshot's decidedAt in ms ('estimate' while the write waits for the server). */
export function millisOf(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null
}

export function createFirebaseRegistrations(services: FirebaseServices): RegistrationsPort {
  return {
    watch(kidId, listener) {
      return services.listen((db) =>
        onSnapshot(
          doc(db, 'registrations', kidId),
          (snapshot) => {
            if (!snapshot.exists()) return listener(null)
            const data = snapshot.data({ serverTimestamps: 'estimate' })
            listener(parseRegistration(data, millisOf(data.decidedAt), millisOf(data.decidedOn)))
          },
          (error) => {
            // permission-denied: the child is not (or no longer) this parent's on the server.
            if (firebaseErrorCode(error) === 'permission-denied') listener('forbidden')
            else console.warn("The centre's decision could not be followed", error)
          },
        ),
      )
    },
  }
}
