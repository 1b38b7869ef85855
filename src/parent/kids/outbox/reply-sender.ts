// The parents' replies to the centre (Accept, Decline, 'Still interested?'), through the outbox
// (docs/decisions/0002, 0031): kept on the device first (the `replies` table, one row per question, so a
// second press or a second tab changes nothing), then written to the server, which stores a reply once
// and never changes it. Offline the write waits in Firestore's queue and goes out when the device is
// online; a row stays until the server has the reply, and then as 'sent' until this device's listener
// shows the server's reply: Firestore 12.9 against the emulator once left a listener opened before the
// reply existed saying 'no reply' for good after the device created it (firebase-tools #3867), and
// the parent's page went back to the offer. When the server refuses, it is asked what it
// holds: the same reply (sent before a reload) is success; anything else is a refusal the parent reads
// about (an offer that lapsed). Sent exactly once: the server creates the reply once, whatever repeats.
import type { RegistrationsPort } from '#shared/backend/centre-ports'
import { BackendError, isPermanentFailure, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import type { Reply } from '#shared/records/reply-record'
import type { OutboxDb, QueuedReply } from './outbox-db'
import { QueuedRows } from './queued-rows'

export function replyId(kidId: string, questionId: string): string {
  return `${kidId}/${questionId}`
}

export class ReplySender {
  private readonly rows: QueuedRows<QueuedReply>

  constructor(
    private readonly db: OutboxDb,
    private readonly registrations: RegistrationsPort,
    private readonly now: () => number = Date.now,
  ) {
    this.rows = new QueuedRows(
      (userId) =>
        db.replies
          .where('userId')
          .equals(userId)
          .filter((row) => row.state === 'queued')
          .toArray(),
      (row) => this.send(row),
      'The replies',
    )
  }

  /** Keeps the reply on the device (the first one for a question wins) and sends it. */
  async answer(userId: string, kidId: string, questionId: string, reply: Reply): Promise<void> {
    const id = replyId(kidId, questionId)
    await this.db.transaction('rw', this.db.replies, async () => {
      if (await this.db.replies.get(id)) return
      await this.db.replies.add({
        id,
        userId,
        kidId,
        questionId,
        reply,
        state: 'queued',
        createdAt: this.now(),
      })
    })
    this.kick()
  }

  /**
   * Forgets a reply kept on the device: a refused one once the parent has read why, a sent one once the
   * server's reply is on the screen.
   */
  async dismiss(id: string): Promise<void> {
    await this.db.replies.delete(id)
  }

  bindUser(userId: string | null): void {
    this.rows.bindUser(userId)
  }

  /** Sends every queued reply of the signed-in parent not already on its way. Never throws. */
  kick(): void {
    this.rows.kick()
  }

  private async send(row: QueuedReply): Promise<undefined> {
    try {
      await this.registrations.sendReply(row.kidId, row.questionId, row.reply, { asUser: row.userId })
      await this.db.replies.update(row.id, { state: 'sent' })
    } catch (error) {
      if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return
      if (!isPermanentFailure(error)) {
        console.warn('A reply could not be sent for now; it is sent again when online', error)
        return
      }
      await this.judgeRefusal(row)
    }
  }

  /** The server refused: it holds this reply already (sent before), or the question is closed. */
  private async judgeRefusal(row: QueuedReply): Promise<void> {
    try {
      const onServer = await this.registrations.readFromServer(row.kidId, row.questionId)
      if (onServer.reply === row.reply) await this.db.replies.update(row.id, { state: 'sent' })
      else await this.db.replies.update(row.id, { state: 'refused' })
    } catch (error) {
      console.warn('The server could not be asked about a refused reply; asked again later', error)
    }
  }
}
