// A parent's answer to the centre, in registrations/{kidId}/replies/{questionId}: to an offer of a place
// (the question is the offer's `offerId`) or to 'Still interested?' (its `askId`). Only the child's owner
// creates one, once (never changed, never deleted by anyone but the server when the child goes), and
// only while the question is open: an offer past its reply-by date, or one the schedule lapsed, is
// refused by firestore.rules (docs/decisions/0031-enrolment-states.md). Staff read it, never write it.

export const REPLIES = ['accepted', 'declined', 'interested'] as const
export type Reply = (typeof REPLIES)[number]

/** A reply as stored; the adapter adds answeredAt (the server's time) and answeredBy (the parent's uid). */
export interface StoredReply {
  readonly questionId: string
  readonly reply: Reply
  /** Server time in ms (an estimate while the write waits for the server); null if unknown. */
  readonly answeredAt: number | null
  readonly answeredBy: string
}

export function isReply(value: unknown): value is Reply {
  return (REPLIES as readonly unknown[]).includes(value)
}

export function parseReply(questionId: string, data: unknown, answeredAt: number | null): StoredReply | null {
  if (typeof data !== 'object' || data === null) return null
  const { reply, answeredBy } = data as Record<string, unknown>
  if (!isReply(reply) || typeof answeredBy !== 'string') return null
  return { questionId, reply, answeredAt, answeredBy }
}
