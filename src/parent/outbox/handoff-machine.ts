// What a handed-off save waits for, as a small state machine (docs/decisions/0072): the server's answer
// comes by three paths (the write's own promise, the record's listener, reads of the server with a
// timer between them), and each path's news is an event. transition() is pure; save-follow.ts does
// what a state asks (listen, read, wait) and, once a final state is entered, stops it all, once.

/** Where a followed save stands. `queued`: Firestore's queue was seen holding the write. */
export type FollowState =
  /** The write's own answer may still come; the record is not followed (decision 0041). */
  | { readonly name: 'awaitingWrite' }
  /** The record is followed (after a reload, or the write failed for another reason than the rules). */
  | { readonly name: 'watching'; readonly queued: boolean }
  /** The record in view is not the one written: the server itself is asked. */
  | { readonly name: 'askingServer'; readonly queued: boolean }
  /** The server said it has not got it: asked again a little later before that counts as a refusal. */
  | { readonly name: 'confirmingAbsence'; readonly queued: boolean }
  /** Asked again; its answer decides. */
  | { readonly name: 'askingAgain'; readonly queued: boolean }
  /** Final: the server has the record. */
  | { readonly name: 'saved' }
  /** Final: the write is gone from this device unsaved (its data was cleared): hand it over again. */
  | { readonly name: 'requeue' }
  /** Final: the server refused it (the rules). */
  | { readonly name: 'refused' }
  /** Final: the account changed; nothing more is done for this save here. */
  | { readonly name: 'stopped' }

export type FollowEvent =
  /** The write's own promise: the server took it. */
  | { readonly type: 'writeSaved' }
  /** The write's own promise: the rules refused it. */
  | { readonly type: 'writeRefused' }
  /** The write's own promise failed for another reason (the device's data cleared under it). */
  | { readonly type: 'writeLost' }
  /** The record's listener: the write waits in Firestore's queue. */
  | { readonly type: 'seenQueued' }
  /** The record's listener: the record is the one written. */
  | { readonly type: 'seenSaved' }
  /** The record's listener: not the record written, from this device's cache. */
  | { readonly type: 'seenOtherInCache' }
  /** The record's listener: not the record written, from the server's listen stream. */
  | { readonly type: 'seenOtherOnServer' }
  /** A read of the server found the record written. */
  | { readonly type: 'serverHasIt' }
  /** A read of the server found something else, or nothing. */
  | { readonly type: 'serverHasNot' }
  /** A read of the server failed (out of reach): nothing is decided. */
  | { readonly type: 'serverOutOfReach' }
  /** The wait between the two reads is over. */
  | { readonly type: 'confirmDue' }
  /** The account changed. */
  | { readonly type: 'stop' }

export type FinalState = Extract<FollowState, { name: 'saved' | 'requeue' | 'refused' | 'stopped' }>

export function isFinal(state: FollowState): state is FinalState {
  return (
    state.name === 'saved' || state.name === 'requeue' || state.name === 'refused' || state.name === 'stopped'
  )
}

/** States in which the record's listener runs. */
export function listens(state: FollowState): boolean {
  return (
    state.name === 'watching' ||
    state.name === 'askingServer' ||
    state.name === 'confirmingAbsence' ||
    state.name === 'askingAgain'
  )
}

/** The first state: the write's own answer while this page has it, else the record. */
export function initialState(hasWrite: boolean): FollowState {
  return hasWrite ? { name: 'awaitingWrite' } : { name: 'watching', queued: false }
}

const SAVED: FollowState = { name: 'saved' }
const REQUEUE: FollowState = { name: 'requeue' }
const REFUSED: FollowState = { name: 'refused' }
const STOPPED: FollowState = { name: 'stopped' }

/**
 * The next state; the same object when the event changes nothing (an event a state does not expect,
 * and every event after a final state). Pure: save-follow.ts acts on the change.
 */
export function transition(state: FollowState, event: FollowEvent): FollowState {
  if (isFinal(state)) return state
  if (event.type === 'stop') return STOPPED
  if (state.name === 'awaitingWrite') {
    // Nothing else is listened to meanwhile: only the write's own answer decides.
    if (event.type === 'writeSaved') return SAVED
    if (event.type === 'writeRefused') return REFUSED
    if (event.type === 'writeLost') return { name: 'watching', queued: false }
    return state
  }
  const { queued } = state
  switch (event.type) {
    case 'seenQueued':
      return queued ? state : { ...state, queued: true }
    case 'seenSaved':
      return SAVED
    case 'seenOtherInCache':
      // Not in Firestore's queue, and not saved as far as this device knows: its data was cleared.
      if (!queued) return REQUEUE
      return state.name === 'watching' ? { name: 'askingServer', queued } : state
    case 'seenOtherOnServer':
      // The server's refusal, or its listen stream behind the save it took: only the server can tell.
      return state.name === 'watching' ? { name: 'askingServer', queued } : state
    case 'serverHasIt':
      return state.name === 'askingServer' || state.name === 'askingAgain' ? SAVED : state
    case 'serverHasNot':
      // Once is not a refusal: a record on its way reads as absent as a refused one.
      if (state.name === 'askingServer') return { name: 'confirmingAbsence', queued }
      return state.name === 'askingAgain' ? REFUSED : state
    case 'serverOutOfReach':
      // The next snapshot asks again.
      return state.name === 'askingServer' || state.name === 'askingAgain'
        ? { name: 'watching', queued }
        : state
    case 'confirmDue':
      return state.name === 'confirmingAbsence' ? { name: 'askingAgain', queued } : state
    default:
      // The write's own answers: its promise settled before the record was followed, or never existed.
      return state
  }
}
