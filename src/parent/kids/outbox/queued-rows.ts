// What the outbox's small senders share (reply-sender.ts, enrolment-sender.ts): the rows of one table
// that wait to be sent for the signed-in parent, each sent by one call at a time in this tab. A kick
// (a save, a sign-in, online again) sends every such row not already on its way.

/** A row's sending said a newer save of it came meanwhile: it is looked at again at once. */
export const SEND_AGAIN = 'again'

export class QueuedRows<Row extends { readonly id: string }> {
  private userId: string | null = null
  /** Rows being sent in this tab (by id): a kick never sends one twice at once. */
  private readonly sending = new Set<string>()

  constructor(
    /** The signed-in parent's rows waiting to be sent. */
    private readonly queued: (userId: string) => Promise<Row[]>,
    /** Sends one row; never throws for a failure it has dealt with. */
    private readonly send: (row: Row) => Promise<typeof SEND_AGAIN | undefined>,
    /** What the rows are, for the log: 'The replies'. */
    private readonly what: string,
  ) {}

  bindUser(userId: string | null): void {
    this.userId = userId
    this.kick()
  }

  /** Sends every queued row of the signed-in parent not already on its way. Never throws. */
  kick(): void {
    const userId = this.userId
    if (!userId) return
    void this.queued(userId)
      .then((rows) => {
        for (const row of rows) if (!this.sending.has(row.id)) void this.sendOne(row)
      })
      .catch((error: unknown) => console.warn(`${this.what} on this device could not be read`, error))
  }

  private async sendOne(row: Row): Promise<void> {
    this.sending.add(row.id)
    let again = false
    try {
      again = (await this.send(row)) === SEND_AGAIN
    } finally {
      this.sending.delete(row.id)
      if (again) this.kick()
    }
  }
}
