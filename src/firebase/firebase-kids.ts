// KidsPort on Firestore: kids/{kidId} documents with client-made ids. Reads come from the persistent
// local cache first (onSnapshot), so a parent's children open offline; writes resolve once Firestore has
// them in its local queue, never waiting for the server's acknowledgement (which offline never comes):
// the outbox learns the server's answer from the record's own snapshots (pending writes, cache or not).
import {
  collection,
  type DocumentSnapshot,
  deleteDoc,
  doc,
  getDocFromServer,
  onSnapshot,
  type QuerySnapshot,
  serverTimestamp,
  setDoc,
  Timestamp,
} from 'firebase/firestore'
import { type AsUser, BackendError, type KidsPort, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { isKidId } from '#shared/records/ids'
import { parseStoredKid, type StoredKid } from '#shared/records/kid-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'
import { localCommit } from './firebase-local-commit'
import { kidsOfQuery } from './firebase-parent-queries'

/** Firestore codes that will not change on a retry (the rules, a malformed write). */
const PERMANENT_CODES = new Set([
  'permission-denied',
  'invalid-argument',
  'failed-precondition',
  'out-of-range',
  'not-found',
  'already-exists',
  'unimplemented',
])

export function toKidsBackendError(error: unknown): BackendError {
  const code = firebaseErrorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  return new BackendError(message, { permanent: PERMANENT_CODES.has(code), code, cause: error })
}

function toStoredKid(snapshot: DocumentSnapshot): StoredKid | null {
  if (!snapshot.exists()) return null
  // 'estimate': a save still waiting for the server shows with the local time instead of null.
  const data = snapshot.data({ serverTimestamps: 'estimate' })
  const stamp = data.timestamp
  return parseStoredKid(snapshot.id, data, stamp instanceof Timestamp ? stamp.toMillis() : null)
}

export function createFirebaseKids(services: FirebaseServices): KidsPort {
  const kids = async () => collection(await services.db(), 'kids')

  /**
   * Refuses a write for another account than the signed-in one. Checked in the same turn as the write:
   * Firestore queues it under the account signed in at that moment, so it can never go out with another
   * parent's credentials.
   */
  function checkAccount({ asUser }: AsUser): void {
    if (services.auth.currentUser?.uid !== asUser)
      throw new BackendError('Another account is signed in on this device', {
        permanent: false,
        code: WRONG_ACCOUNT,
      })
  }

  return {
    persistentCache: services.persistentCache,

    async saveKid(kidId, record, options) {
      // The rules create only ids in newRandomId's format: refuse another now, not silently later.
      if (!isKidId(kidId))
        throw new BackendError('Not a child record id', { permanent: true, code: 'invalid-record' })
      const ref = doc(await kids(), kidId)
      checkAccount(options)
      let write: Promise<void>
      try {
        // timestamp: the server's time on each save (the rules check request.time).
        write = setDoc(ref, { ...record, imgUrls: [...record.imgUrls], timestamp: serverTimestamp() })
      } catch (error) {
        throw toKidsBackendError(error)
      }
      write.catch((error: unknown) => console.warn('The server refused a child record', error))
      await localCommit(ref)
      return {
        sent: write.catch((error: unknown) => {
          throw toKidsBackendError(error)
        }),
      }
    },

    async deleteKid(kidId, options) {
      const ref = doc(await kids(), kidId)
      checkAccount(options)
      deleteDoc(ref).catch((error: unknown) => {
        // The outbox has moved on; a refusal (not the owner) leaves the record as it was on the server.
        console.warn('The server refused to delete a child record', error)
      })
      await localCommit(ref)
    },

    watchKid(kidId, listener) {
      // Until Auth has answered, a new listener waits with every other Firestore operation; the record
      // as the remembered parent's list has it answers first (firebase-primed-query.ts).
      const primed = services.primedKids
      const early = primed?.live && !services.authSettled() ? primed.latest : null
      const known = early?.docs.find((snapshot) => snapshot.id === kidId)
      if (known)
        listener({
          kid: toStoredKid(known),
          pendingWrite: known.metadata.hasPendingWrites,
          fromCache: true,
        })
      return services.listen((db) =>
        onSnapshot(
          doc(db, 'kids', kidId),
          { includeMetadataChanges: true },
          (snapshot) =>
            listener({
              kid: toStoredKid(snapshot),
              pendingWrite: snapshot.metadata.hasPendingWrites,
              fromCache: snapshot.metadata.fromCache,
            }),
          (error) => {
            // permission-denied: not this parent's child (the rules let only its owner read it).
            if (firebaseErrorCode(error) === 'permission-denied') listener('forbidden')
            else console.warn('A child record could not be followed', error)
          },
        ),
      )
    },

    async readKidFromServer(kidId) {
      try {
        return toStoredKid(await getDocFromServer(doc(await kids(), kidId)))
      } catch (error) {
        // The rules let a parent read only their own records: none of theirs is there.
        if (firebaseErrorCode(error) === 'permission-denied') return 'forbidden'
        throw new BackendError(error instanceof Error ? error.message : String(error), {
          permanent: false,
          code: firebaseErrorCode(error),
          cause: error,
        })
      }
    },

    watchKidsOf(userId, listener, onError) {
      const toKids = (snapshot: QuerySnapshot) =>
        listener(snapshot.docs.map(toStoredKid).filter((kid): kid is StoredKid => kid !== null))
      const fail = (error: unknown) => onError(toKidsBackendError(error))
      // The remembered parent's list was listened to before Auth existed: share that listener.
      const primed = services.primedKids
      if (primed?.live && primed.userId === userId) return primed.subscribe(toKids, fail)
      return services.listen((db) =>
        onSnapshot(kidsOfQuery(db, userId), { includeMetadataChanges: true }, toKids, fail),
      )
    },
  }
}
