// Firestore resolves setDoc/updateDoc only when the server acknowledges the write, which never happens
// offline (or where the Firestore emulator cannot run). Screens must not hang on that: a write counts as
// done once Firestore has committed it to its local cache and queue, and it syncs when the server is back.
import { type DocumentReference, getDocFromCache } from 'firebase/firestore'
import type { QueuedWrite } from '#shared/backend/backend-ports'

/**
 * Resolves once every earlier operation on Firestore's single queue (our write) reached the local cache:
 * Firestore runs its operations in order, so a cache read of the same document finishes only after the
 * write has been applied there.
 */
export async function localCommit(ref: DocumentReference): Promise<void> {
  await getDocFromCache(ref).catch(() => undefined)
}

/**
 * Resolves once `write` (a setDoc/updateDoc on `ref`) is committed locally. Its `sent` is Firestore's own
 * promise of the write, which resolves on the server's acknowledgement; a refusal is also logged.
 */
export async function queuedWrite(
  ref: DocumentReference,
  write: Promise<void>,
  what: string,
): Promise<QueuedWrite> {
  write.catch((error: unknown) => {
    // The write left the queue but the server refused it; the user may have moved on, so say it in the log.
    console.warn(`${what} was refused by the server`, error)
  })
  await localCommit(ref)
  return { sent: write }
}
