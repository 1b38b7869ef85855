// 'Tell the centre' ('Away today', 'Someone else collects today'; issue 51, docs/decisions/0076): jobs of
// kind 'tell-the-centre' of the outbox engine (decision 0067), owned by the parent, the job's id the
// message's (chosen on the device: every retry writes the same tellTheCentre/{id}). Offline the write
// waits in Firestore's queue. Once the server has it the job is held, shown as 'Sent' for its day. A
// refusal is judged by what the server holds: the same message (sent before a reload) is sent; anything
// else is kept as refused for the parent to read, until they dismiss it.
import type { ChildDayPort } from '#shared/backend/child-day-ports'
import { BackendError, isPermanentFailure, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import type { Job } from '#shared/outbox/job'
import type { KindHandler, OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import type { TellMessage } from '#shared/records/tell-the-centre-record'

export const TELL_KIND = 'tell-the-centre'

/** Why a message stays unsent for good: the rules refused it. */
export const TELL_REFUSED = 'The centre could not take this message: the place may no longer be confirmed'

export interface TellPayload {
  readonly message: TellMessage
}

/** A message kept on the device as the page reads it. */
export interface TellRow {
  readonly id: string
  readonly message: TellMessage
  /** queued: kept on this device until sent; sent: the server has it; refused: kept for the parent. */
  readonly state: 'queued' | 'sent' | 'refused'
  readonly error: string | null
}

const STATES = { queued: 'queued', held: 'sent', failed: 'refused' } as const

function rowOf(job: Job<TellPayload>): TellRow {
  return { id: job.id, message: job.payload.message, state: STATES[job.state], error: job.error }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function tellHandler(port: ChildDayPort): KindHandler<TellPayload> {
  return {
    async run(job) {
      const { message } = job.payload
      try {
        await port.tell(job.id, message, { asUser: job.owner })
        return { type: 'hold' }
      } catch (error) {
        if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return { type: 'stopped' }
        if (!isPermanentFailure(error)) return { type: 'retry', error: describe(error) }
      }
      try {
        const stored = await port.readMessageFromServer(job.id)
        // Written before a reload: the server holds it already (a second create is refused).
        if (stored && stored.kidId === message.kidId && stored.day === message.day) return { type: 'hold' }
        return { type: 'failed', error: TELL_REFUSED, keep: true }
      } catch (error) {
        return { type: 'retry', error: describe(error) }
      }
    },
  }
}

export class TellSender {
  constructor(
    private readonly jobs: OutboxEngine,
    port: ChildDayPort,
  ) {
    jobs.register(TELL_KIND, tellHandler(port))
  }

  /** Keeps the message on the device under a new id and sends it; returns the id. */
  async tell(userId: string, message: TellMessage): Promise<string> {
    const id = newRandomId()
    await this.jobs.add<TellPayload>({ id, kind: TELL_KIND, owner: userId, payload: { message } })
    return id
  }

  /** Forgets a message kept on the device (a refused one read, a sent one of a past day). */
  async dismiss(id: string): Promise<void> {
    await this.jobs.remove(id)
  }

  /** A child's messages kept on the device (for a live query). */
  async rowsOf(kidId: string): Promise<TellRow[]> {
    const jobs = await this.jobs.list<TellPayload>(TELL_KIND)
    return jobs.filter((job) => job.payload.message.kidId === kidId).map(rowOf)
  }

  /** A parent's messages kept on the device. */
  async rowsOfUser(userId: string): Promise<TellRow[]> {
    return (await this.jobs.list<TellPayload>(TELL_KIND, userId)).map(rowOf)
  }
}
