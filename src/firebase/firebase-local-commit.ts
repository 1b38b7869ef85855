// Firestore resolves setDoc/updateDoc only when the server acknowledges the write, which never happens
// offline (or where the Firestore emulator cannot run). Screens must not hang on that: a write counts as
// done once Firestore has committed it to its local cache and queue, and it syncs when the server is back.
import { type DocumentReference, getDocFromCache } from 'firebase/firestore'

/**
 * Resolves once every earlier operation on Firestore's single queue (our write) reached the local cache:
 * Firestore runs its operations in order, so a cache read of the same document finishes only after the
 * write has been applied there.
 */
export async function localCommit(ref: DocumentReference): Promise<void> {
  await getDocFromCache(ref).catch(() => undefined)
}

/** Resolves once `write` (a setDoc/updateDoc on `ref`) is committed locally; the server's answer is logged. */
export async function queuedWrite(ref: DocumentReference, write: Promise<void>, what: string): Promise<void> {
  write.catch((error: unknown) => {
    // The write left the queue but the server refused it; the user already moved on, so say it in the log.
    console.warn(`${what} was refused by the server`, error)
  })
  await localCommit(ref)
}
