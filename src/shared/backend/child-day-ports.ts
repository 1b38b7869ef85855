// The parent's side of a child's day (issue 51; docs/decisions/0076): today's arrivals and collections
// of the parent's own children, live and from this device's cache first, 'Tell the centre', and the
// collection codes of the people the file allows (docs/decisions/0079). Small and loaded with the
// parent area (the door's AttendancePort stays in the staff chunk). No Firebase types here.
import type { StoredAttendanceEvent } from '#shared/records/attendance-record'
import type { CodeVerifier, CollectionCode } from '#shared/records/collection-code'
import type { StoredTellMessage, TellMessage } from '#shared/records/tell-the-centre-record'
import type { AsUser } from './kids-ports'
import type { Unsubscribe } from './port-types'

export interface ChildDayPort {
  /**
   * The family's arrivals and collections of `day` (attendance where userRef == uid and day == day: the
   * rules let a parent read their own children's events only), live.
   */
  watchChildDay(
    uid: string,
    day: string,
    listener: (events: readonly StoredAttendanceEvent[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /**
   * Writes a 'Tell the centre' message (tellTheCentre/{id}, the id chosen on the device; the adapter adds
   * `createdAt`, the server's time, and `withdrawnAt: null`) and resolves once the server has it (offline
   * it waits in Firestore's queue). Rejects with a BackendError: permanent when the rules refuse it (no
   * confirmed place, or the id is stored already), WRONG_ACCOUNT when `asUser` is not signed in.
   */
  tell(id: string, message: TellMessage, options: AsUser): Promise<void>
  /** What the server holds under tellTheCentre/{id} now (null: nothing); rejects when out of reach. */
  readMessageFromServer(id: string): Promise<StoredTellMessage | null>
  /**
   * The child's plain collection codes (collectionCodes/{kidId}, the family's only: `userId`'s), live,
   * from the cache first; null: none stored (or not known to this device yet).
   */
  watchCollectionCodes(
    kidId: string,
    userId: string,
    listener: (codes: readonly CollectionCode[] | null) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /**
   * The codes and their verifiers as this device can know them now: the server's when it answers, else
   * this device's cache; null when neither holds any.
   */
  readCollectionCodes(kidId: string): Promise<StoredCodes | null>
  /**
   * Writes collectionCodes/{kidId} and codeChecks/{kidId} in one batch (the adapter adds `userRef` and
   * `savedAt`, the server's time) and resolves once the server has both; offline it waits in Firestore's
   * queue. Rejects with a BackendError: permanent when the rules refuse it (no enrolment file of this
   * family's), WRONG_ACCOUNT when `asUser` is not signed in.
   */
  saveCollectionCodes(
    kidId: string,
    codes: readonly CollectionCode[],
    verifiers: readonly CodeVerifier[],
    options: AsUser,
  ): Promise<void>
}

/** A child's codes and their verifiers, as stored (each verifier named as its code). */
export interface StoredCodes {
  readonly codes: readonly CollectionCode[]
  readonly verifiers: readonly CodeVerifier[]
}
