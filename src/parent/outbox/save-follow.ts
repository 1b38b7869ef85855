// How a page waits for the server's answer to a save handed to Firestore's queue (decisions 0041,
// 0072): the write's own answer while this page has it, else the record itself, and reads of the
// server before 'refused'. Each path's news is an event of the machine in handoff-machine.ts; what a
// state needs (the listener, a read, the wait between two reads) is started in enter(), and all of it
// is stopped there, once, when a final state is entered. Used by the hand-off
// of the outbox engine's kind `child` (child-kind.ts, child-outbox.ts; decision 0077).
import { firstSnapshot } from '#shared/backend/first-snapshot'
import { BackendError, type KidSnapshot, type KidsPort } from '#shared/backend/kids-ports'
import type { KidRecord, StoredKid } from '#shared/records/kid-record'
import {
  type FinalState,
  type FollowEvent,
  type FollowState,
  initialState,
  isFinal,
  listens,
  transition,
} from './handoff-machine'

/** Whether the stored record is the one written (the server's timestamp aside). */
export function sameRecord(stored: StoredKid, record: KidRecord): boolean {
  const keys = Object.keys(record) as (keyof KidRecord)[]
  return keys.every((key) =>
    key === 'imgUrls'
      ? stored.imgUrls.length === record.imgUrls.length &&
        stored.imgUrls.every((path, i) => path === record.imgUrls[i])
      : stored[key] === record[key],
  )
}

/**
 * Reads what this device knows of a record now; null when it cannot tell within a few seconds (a
 * record this device never had is not in its cache, and Firestore may wait for its server first).
 */
export function peekKid(kids: KidsPort, kidId: string): Promise<KidSnapshot | 'forbidden' | null> {
  return firstSnapshot<KidSnapshot | 'forbidden' | null>(
    (onValue) => kids.watchKid(kidId, onValue),
    5_000,
    null,
  )
}

/** How long after the server first says a save is not there it is asked again, before 'refused'. */
const REFUSAL_CONFIRM_MS = 2_000

/** The server's answer to a handed-off save, or `stopped` (the account changed). */
export type FollowOutcome = FinalState['name']

/**
 * Follows a save handed to Firestore until its final state, told once to `answered`. `sent` is the
 * write's own answer when this page wrote it. Returns the stop (the account changed), which answers
 * `stopped` unless the save was answered already.
 */
export function followSave(
  kids: KidsPort,
  kidId: string,
  record: KidRecord | null,
  sent: Promise<void> | undefined,
  answered: (outcome: FollowOutcome) => void,
): () => void {
  let state = initialState(sent !== undefined)
  let stopWatching: (() => void) | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const dispatch = (event: FollowEvent) => {
    const previous = state
    state = transition(previous, event)
    if (state !== previous) enter(previous, state)
  }
  // The record in view is not the one written: the server's refusal, or its listen stream not yet
  // caught up with the save it acknowledged (it can say 'no record' once more after the save, for as
  // long as the connection takes: seen on the emulator; a reopened app on a slow phone took over 3 s).
  // Only the server itself can tell, so it is asked; and a record not (yet) on the server reads the
  // same as a refused one (asked while the write was on its way, the server said 'not there' for a
  // save it took a moment later, in CI under load), so 'refused' needs the same answer twice, 2 s
  // apart. Out of reach, nothing is decided: the next snapshot asks again.
  const askServer = () => {
    kids.readKidFromServer(kidId).then(
      (onServer) => {
        const saved =
          record !== null && onServer !== null && onServer !== 'forbidden' && sameRecord(onServer, record)
        dispatch({ type: saved ? 'serverHasIt' : 'serverHasNot' })
      },
      () => dispatch({ type: 'serverOutOfReach' }),
    )
  }
  // The record itself, followed only when the write's own answer cannot tell: after a reload (this
  // page never had it), or when it failed for another reason than the rules. Followed beside it while
  // the write was on its way, the record was a second listen target on the very document the
  // parent's list query was about to receive, and Firestore 12.9 against the emulator then dropped
  // that child from the list for good: 29 of 30 lists lost their new child in a stress run of the
  // SDK alone, none without the second target (docs/decisions/0002, 0041).
  const watch = () => {
    const unsubscribe = kids.watchKid(kidId, (snapshot) => {
      if (snapshot === 'forbidden') return
      if (snapshot.pendingWrite) dispatch({ type: 'seenQueued' })
      else if (record && snapshot.kid && sameRecord(snapshot.kid, record)) dispatch({ type: 'seenSaved' })
      else dispatch({ type: snapshot.fromCache ? 'seenOtherInCache' : 'seenOtherOnServer' })
    })
    // A snapshot given at once may have ended it already.
    if (isFinal(state)) unsubscribe()
    else stopWatching = unsubscribe
  }
  // The one place where the machine's states take effect.
  const enter = (from: FollowState | null, to: FollowState) => {
    if (isFinal(to)) {
      stopWatching?.()
      stopWatching = null
      if (timer) clearTimeout(timer)
      timer = null
      answered(to.name)
      return
    }
    if (listens(to) && !(from && listens(from))) watch()
    if (to.name !== from?.name) {
      if (to.name === 'askingServer' || to.name === 'askingAgain') askServer()
      if (to.name === 'confirmingAbsence')
        timer = setTimeout(() => {
          timer = null
          dispatch({ type: 'confirmDue' })
        }, REFUSAL_CONFIRM_MS)
    }
  }
  enter(null, state)
  // The rules' refusal is the write's own; anything else (the device's data cleared under it) is the
  // record's to tell.
  sent?.then(
    () => dispatch({ type: 'writeSaved' }),
    (error: unknown) =>
      dispatch({ type: error instanceof BackendError && error.permanent ? 'writeRefused' : 'writeLost' }),
  )
  return () => dispatch({ type: 'stop' })
}
