// A save's way to the server (docs/decisions/0041-exactly-once-outbox.md): once its photos are up, the
// record is handed to Firestore's local queue WITHOUT waiting for the server (which never answers
// offline), once; the server's answer is then the write's own (Firestore's promise) while the page that
// wrote lives, and after a reload is read on the record itself; never by writing again. A crash between
// the write and its marker is caught by comparing the record Firestore has with the one to write. What
// the page waits for is a small state machine (handoff-machine.ts, decision 0072). The sender
// (outbox-sender.ts) calls it from a child's lane.
import { ABORTED, BackendError, type KidsPort } from '#shared/backend/kids-ports'
import { buildKidRecord, type KidRecord, kidRecordProblems } from '#shared/records/kid-record'
import type { Submission } from './outbox-db'
import type { Outbox } from './outbox-store'
import { type FollowOutcome, followSave, peekKid, sameRecord } from './save-follow'
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

/** What the server's answer to a handed-off save turned out to be. */
type Outcome = Exclude<FollowOutcome, 'stopped'>

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
      const known = await peekKid(this.host.kids, entry.kidId)
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
   * record itself, which survives reloads (save-follow.ts, the machine of decision 0072).
   */
  private follow(binding: Binding, entry: Submission): void {
    if (!this.host.current(binding) || this.following.has(entry.id)) return
    const sent = this.sent.get(entry.id)
    let stop: (() => void) | null = null
    let finished = false
    const answered = (outcome: FollowOutcome) => {
      finished = true
      // Only this follow's own entries: after a stop, a new follow of the same save may have its own.
      if (stop && this.following.get(entry.id) === stop) this.following.delete(entry.id)
      if (this.sent.get(entry.id) === sent) this.sent.delete(entry.id)
      if (outcome !== 'stopped') this.host.track(this.answered(binding, entry, outcome))
    }
    stop = followSave(this.host.kids, entry.kidId, recordOf(entry, binding.userId), sent, answered)
    // A snapshot given at once may have answered already.
    if (!finished) this.following.set(entry.id, stop)
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
