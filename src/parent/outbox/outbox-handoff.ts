// A save's way to the server (docs/decisions/0041-exactly-once-outbox.md): once its photos are up, the
// record is handed to Firestore's local queue WITHOUT waiting for the server (which never answers
// offline), once; the server's answer is then the write's own (Firestore's promise) while the page that
// wrote lives, and after a reload is read on the record itself; never by writing again. A crash between
// the write and its marker is caught by comparing the record Firestore has with the one to write. What
// the page waits for is a small state machine (handoff-machine.ts, decision 0072). The sender
// (outbox-sender.ts) calls it from a child's lane.
import { firstSnapshot } from '#shared/backend/first-snapshot'
import { ABORTED, BackendError, type KidSnapshot, type KidsPort } from '#shared/backend/kids-ports'
import { buildKidRecord, type KidRecord, kidRecordProblems, type StoredKid } from '#shared/records/kid-record'
import {
  type FinalState,
  type FollowEvent,
  type FollowState,
  initialState,
  isFinal,
  listens,
  transition,
} from './handoff-machine'
import type { Submission } from './outbox-db'
import type { Outbox } from './outbox-store'
import type { SenderEvent } from './sender-events'

/** The parent a sender works for; aborted when the account changes. */
export interface Binding {
  readonly userId: string
  readonly controller: AbortController
}

/** How a step of a lane ended: the lane takes the next step, or stops for now. */
export type StepResult = 'done' | 'stale' | 'wait' | 'failed' | 'stopped'

/** What the hand-off needs of its sender. */
export interface HandoffHost {
  readonly outbox: Outbox
  readonly kids: KidsPort
  /** Whether the sender still works for this binding (the same parent, not signed out). */
  current(binding: Binding): boolean
  /** Background work the sender waits for before it is idle. */
  track(work: Promise<void>): void
  emit(event: SenderEvent): void
  /** Asks the sender for work now (replaced photos to delete, a save to hand over again). */
  kick(): void
}

/** The record an entry writes (its photos all uploaded). */
function recordOf(entry: Submission, userId: string): KidRecord | null {
  return entry.kind === 'delete' ? null : buildKidRecord(entry.fields, entry.imgPaths, userId)
}

/** Whether the stored record is the one written (the server's timestamp aside). */
function sameRecord(stored: StoredKid, record: KidRecord): boolean {
  const keys = Object.keys(record) as (keyof KidRecord)[]
  return keys.every((key) =>
    key === 'imgUrls'
      ? stored.imgUrls.length === record.imgUrls.length &&
        stored.imgUrls.every((path, i) => path === record.imgUrls[i])
      : stored[key] === record[key],
  )
}

/** How long after the server first says a save is not there it is asked again, before 'refused'. */
const REFUSAL_CONFIRM_MS = 2_000

/** What the server's answer to a handed-off save turned out to be. */
type Outcome = Exclude<FinalState['name'], 'stopped'>

export class Handoff {
  /** Saves whose server answer is being followed (submission id -> stops following it). */
  private readonly following = new Map<string, () => void>()
  /** The server's own answers to the writes this page made (submission id -> Firestore's promise). */
  private readonly sent = new Map<string, Promise<void>>()

  constructor(private readonly host: HandoffHost) {}

  /** Stops following every save (the account changed). */
  stopFollowing(): void {
    for (const stop of this.following.values()) stop()
    this.following.clear()
    this.sent.clear()
  }

  private assertCurrent(binding: Binding): void {
    if (!this.host.current(binding))
      throw new BackendError('The account changed', { permanent: false, code: ABORTED })
  }

  /**
   * Reads what this device knows of a record now; null when it cannot tell within a few seconds (a
   * record this device never had is not in its cache, and Firestore may wait for its server first).
   */
  private peek(kidId: string): Promise<KidSnapshot | 'forbidden' | null> {
    return firstSnapshot<KidSnapshot | 'forbidden' | null>(
      (onValue) => this.host.kids.watchKid(kidId, onValue),
      5_000,
      null,
    )
  }

  /** Puts the record into Firestore's local queue, once. */
  async handOff(binding: Binding, entry: Submission): Promise<StepResult> {
    const record = recordOf(entry, binding.userId)
    if (!record) throw new BackendError('A save without fields', { permanent: true, code: 'invalid' })
    const problems = kidRecordProblems(record)
    if (problems.length > 0)
      throw new BackendError(problems.join('; '), { permanent: true, code: 'invalid-record' })
    let written = false
    if (entry.handoffStarted) {
      // An earlier page or tab may have written this very record, then died before noting it.
      const known = await this.peek(entry.kidId)
      written = known !== null && known !== 'forbidden' && known.kid !== null && sameRecord(known.kid, record)
    }
    if (!written) {
      // Persisted before the write: if the page dies right after it, a discard knows the record may exist.
      if (!entry.handoffStarted) await this.host.outbox.steps.markHandoffStarted(entry.id)
      this.assertCurrent(binding)
      const queued = await this.host.kids.saveKid(entry.kidId, record, { asUser: binding.userId })
      this.sent.set(entry.id, queued.sent)
    }
    if (!(await this.host.outbox.steps.markHandedOff(entry.id, entry.rev))) return 'stale' // changed meanwhile
    this.host.emit({ type: 'handedOff', submissionId: entry.id })
    this.follow(binding, { ...entry, state: 'handedOff' })
    return 'done'
  }

  /** Follows every save of the parent still waiting for the server (after a reload, a sign-in). */
  async followHandedOff(binding: Binding): Promise<void> {
    const entries = await this.host.outbox.list(binding.userId)
    for (const entry of entries) if (entry.state === 'handedOff') this.follow(binding, entry)
  }

  /**
   * Waits for the server's answer: the write's own while this page has it, else (after a reload) on the
   * record itself, which survives reloads. Each path's news is an event of a small machine
   * (handoff-machine.ts, decision 0072); what a state needs (the listener, a read, the wait between two
   * reads) is started in enter(), and all of it is stopped there, once, when a final state is entered.
   */
  private follow(binding: Binding, entry: Submission): void {
    if (!this.host.current(binding) || this.following.has(entry.id)) return
    const sent = this.sent.get(entry.id)
    const record = recordOf(entry, binding.userId)
    let state = initialState(sent !== undefined)
    let stopWatching: (() => void) | null = null
    let timer: ReturnType<typeof setTimeout> | null = null
    const dispatch = (event: FollowEvent) => {
      const previous = state
      state = transition(previous, event)
      if (state !== previous) enter(previous, state)
    }
    const stop = () => dispatch({ type: 'stop' })
    // The record in view is not the one written: the server's refusal, or its listen stream not yet
    // caught up with the save it acknowledged (it can say 'no record' once more after the save, for as
    // long as the connection takes: seen on the emulator; a reopened app on a slow phone took over 3 s).
    // Only the server itself can tell, so it is asked; and a record not (yet) on the server reads the
    // same as a refused one (asked while the write was on its way, the server said 'not there' for a
    // save it took a moment later, in CI under load), so 'refused' needs the same answer twice, 2 s
    // apart. Out of reach, nothing is decided: the next snapshot asks again.
    const askServer = () => {
      this.host.kids.readKidFromServer(entry.kidId).then(
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
      const unsubscribe = this.host.kids.watchKid(entry.kidId, (snapshot) => {
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
        // Only this follow's own entries: after a stop, a new follow of the same save may have its own.
        if (this.following.get(entry.id) === stop) this.following.delete(entry.id)
        if (this.sent.get(entry.id) === sent) this.sent.delete(entry.id)
        if (to.name !== 'stopped') this.host.track(this.answered(binding, entry, to.name))
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
    this.following.set(entry.id, stop)
    enter(null, state)
    // The rules' refusal is the write's own; anything else (the device's data cleared under it) is the
    // record's to tell.
    sent?.then(
      () => dispatch({ type: 'writeSaved' }),
      (error: unknown) =>
        dispatch({ type: error instanceof BackendError && error.permanent ? 'writeRefused' : 'writeLost' }),
    )
  }

  private async answered(binding: Binding, entry: Submission, outcome: Outcome): Promise<void> {
    if (!this.host.current(binding)) return
    if (outcome === 'saved') {
      await this.host.outbox.steps.completeSave(entry.id, entry.rev)
      this.host.emit({ type: 'saved', submissionId: entry.id })
      this.host.kick() // replaced photos can go now
      return
    }
    if (outcome === 'requeue') {
      // Hand the same record over again, once.
      if (await this.host.outbox.steps.requeue(entry.id, entry.rev)) this.host.kick()
      return
    }
    // The server holds something else: it refused the write (the rules). That will not change on a retry.
    const message = 'The server refused to save this child'
    if (await this.host.outbox.steps.markFailed(entry.id, entry.rev, message))
      this.host.emit({ type: 'failed', submissionId: entry.id, error: message })
  }
}
