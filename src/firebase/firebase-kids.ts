// KidsPort on Firestore: kids/{kidId} documents with client-made ids. Reads come from the persistent
// local cache first (onSnapshot), so a parent's children open offline; writes resolve once Firestore has
// them in its local queue, never waiting for the server's acknowledgement (which offline never comes).
import {
  collection,
  type DocumentSnapshot,
  deleteDoc,
  doc,
  getDocFromCache,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
} from 'firebase/firestore'
import { BackendError, type KidsPort } from '../shared/backend/kids-ports'
import { parseStoredKid, type StoredKid } from '../shared/records/kid-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'

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

/** Resolves once every earlier operation on Firestore's single queue (our write) reached the local cache. */
async function localCommit(ref: ReturnType<typeof doc>): Promise<void> {
  await getDocFromCache(ref).catch(() => undefined)
}

export function createKidsStore({ db, persistentCache }: FirebaseServices): KidsPort {
  const kids = collection(db, 'kids')
  return {
    persistentCache,

    async saveKid(kidId, record) {
      const ref = doc(kids, kidId)
      let write: Promise<void>
      try {
        // timestamp: the server's time on each save (the rules check request.time).
        write = setDoc(ref, { ...record, imgUrls: [...record.imgUrls], timestamp: serverTimestamp() })
      } catch (error) {
        throw toKidsBackendError(error)
      }
      const acknowledged = write.catch((error: unknown) => {
        throw toKidsBackendError(error)
      })
      // The outbox attaches its own handler; this one only keeps an unwatched refusal from being "unhandled".
      acknowledged.catch(() => undefined)
      await localCommit(ref)
      return { acknowledged }
    },

    async deleteKid(kidId) {
      const ref = doc(kids, kidId)
      deleteDoc(ref).catch((error: unknown) => {
        // The outbox has moved on; a refusal (not the owner) leaves the record as it was on the server.
        console.warn('The server refused to delete a child record', error)
      })
      await localCommit(ref)
    },

    watchKid(kidId, listener) {
      return onSnapshot(
        doc(kids, kidId),
        { includeMetadataChanges: true },
        (snapshot) => listener(toStoredKid(snapshot)),
        // permission-denied: not this parent's child (the rules let only its owner read it).
        (error) => listener(error.code === 'permission-denied' ? 'forbidden' : null),
      )
    },

    watchKidsOf(userId, listener, onError) {
      const mine = query(kids, where('userRef', '==', userId), orderBy('timestamp', 'desc'))
      return onSnapshot(
        mine,
        { includeMetadataChanges: true },
        (snapshot) =>
          listener(snapshot.docs.map(toStoredKid).filter((kid): kid is StoredKid => kid !== null)),
        (error) => onError(toKidsBackendError(error)),
      )
    },
  }
}
