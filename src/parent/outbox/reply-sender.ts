// The parents' replies to the centre (Accept, Decline, 'Still interested?'): jobs of kind 'reply' of the
// outbox engine (src/shared/outbox, decisions 0002, 0031, 0067), owned by the parent, one per question
// (the job's id is `${kidId}/${questionId}`: a second press or a second tab adds nothing). The server
// stores a reply once and never changes it. Offline the write waits in Firestore's queue and goes out
// when the device is online. Once the server has it the job is held (shown as 'sent') until this
// device's listener shows the server's reply: Firestore 12.9 against the emulator once left a listener
// opened before the reply existed saying 'no reply' for good after the device created it
// (firebase-tools #3867), and the parent's page went back to the offer. When the server refuses, it is
// asked what it holds: the same reply (sent before a reload) is success; anything else is a refusal
// kept for the parent to read about (an offer that lapsed).
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import { BackendError, isPermanentFailure, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import type { Job } from '#shared/outbox/job'
import type { KindHandler, OutboxEngine } from '#shared/outbox/outbox-engine'
import type { Reply } from '#shared/records/reply-record'
import type { OutboxDb, QueuedReply } from './outbox-db'

export const REPLY_KIND = 'reply'

export function replyId(kidId: string, questionId: string): string {
  return `${kidId}/${questionId}`
}

/** What a reply job carries. */
export interface ReplyPayload {
  readonly kidId: string
  readonly questionId: string
  readonly reply: Reply
}

const STATES = { queued: 'queued', held: 'sent', failed: 'refused' } as const

/** A reply job as the screens read it. */
function rowOf(job: Job<ReplyPayload>): QueuedReply {
  return { id: job.id, userId: job.owner, ...job.payload, state: STATES[job.state], createdAt: job.createdAt }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Sends one reply; the server's refusal is judged by what it holds. */
export function replyHandler(registrations: RegistrationsPort): KindHandler<ReplyPayload> {
  return {
    async run(job) {
      const { kidId, questionId, reply } = job.payload
      try {
        await registrations.sendReply(kidId, questionId, reply, { asUser: job.owner })
        return { type: 'hold' }
      } catch (error) {
        if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return { type: 'stopped' }
        if (!isPermanentFailure(error)) return { type: 'retry', error: describe(error) }
      }
      try {
        const onServer = await registrations.readFromServer(kidId, questionId)
        if (onServer.reply === reply) return { type: 'hold' }
        return { type: 'failed', error: 'The question was closed', keep: true }
      } catch (error) {
        // The server could not be asked about its refusal: asked again later.
        return { type: 'retry', error: describe(error) }
      }
    },
  }
}

/**
 * Moves the replies an earlier version kept in the `replies` table of `sunbeam-outbox` into jobs, once:
 * each under its own id, in its own state (so a second tab doing the same adds nothing), then the row
 * goes.
 */
export async function adoptOldReplies(db: OutboxDb, jobs: OutboxEngine): Promise<void> {
  const rows = await db.replies.toArray()
  for (const row of rows) {
    const state = row.state === 'sent' ? 'held' : row.state === 'refused' ? 'failed' : 'queued'
    await jobs.add<ReplyPayload>({
      id: row.id,
      kind: REPLY_KIND,
      owner: row.userId,
      payload: { kidId: row.kidId, questionId: row.questionId, reply: row.reply },
      state,
      error: state === 'failed' ? 'The question was closed' : null,
      createdAt: row.createdAt,
    })
  }
  await db.replies.bulkDelete(rows.map((row) => row.id))
}

export class ReplySender {
  constructor(
    private readonly jobs: OutboxEngine,
    registrations: RegistrationsPort,
  ) {
    jobs.register(REPLY_KIND, replyHandler(registrations))
  }

  /** Keeps the reply on the device (the first one for a question wins) and sends it. */
  async answer(userId: string, kidId: string, questionId: string, reply: Reply): Promise<void> {
    await this.jobs.add<ReplyPayload>({
      id: replyId(kidId, questionId),
      kind: REPLY_KIND,
      owner: userId,
      payload: { kidId, questionId, reply },
    })
  }

  /**
   * Forgets a reply kept on the device: a refused one once the parent has read why, a sent one once the
   * server's reply is on the screen.
   */
  async dismiss(id: string): Promise<void> {
    await this.jobs.remove(id)
  }

  /** A child's replies kept on the device (for a live query). */
  async rowsOf(kidId: string): Promise<QueuedReply[]> {
    const jobs = await this.jobs.list<ReplyPayload>(REPLY_KIND)
    return jobs.filter((job) => job.payload.kidId === kidId).map(rowOf)
  }

  /** A parent's replies kept on the device. */
  async rowsOfUser(userId: string): Promise<QueuedReply[]> {
    return (await this.jobs.list<ReplyPayload>(REPLY_KIND, userId)).map(rowOf)
  }
}
