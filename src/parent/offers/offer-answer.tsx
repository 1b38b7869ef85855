// The child page's part about the centre: where the child stands, in words, and the parent's answers:
// 'Accept' and 'Decline' to an offer, 'Yes, still interested' to the waiting list's question. The
// child's card on /profile carries the same answers (OfferReplies, with the card's own badge). Each
// answer is kept on this device and sent by the outbox, exactly once, when online (reply-sender.ts).
// An offer past its reply-by date is refused here, and by the server's rules for a device whose clock or
// knowledge is behind; either way the parent reads why.
import { useId, useState } from 'react'
import { useOutbox } from '#parent/outbox/outbox-context'
import { lapsedOfferText, standingNotes } from '#shared/records/enrolment-standing'
import { replyDeadline } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
import { ConfirmDialog } from '#shared/ui/confirm-dialog'
import { EnrolmentPrompt } from './enrolment-prompt'
import { type KidStanding, StandingBadge, useStanding } from './registration-status'

/** A child's standing with the centre and the parent's answer to its open question (one per child). */
export interface OfferAnswering extends KidStanding {
  readonly kidId: string
  readonly kidName: string
  readonly userId: string
}

export function useOfferAnswering(
  kidId: string,
  kidName: string,
  userId: string,
  onServer: boolean,
): OfferAnswering {
  return { ...useStanding(kidId, onServer), kidId, kidName, userId }
}

export function OfferAnswer({
  kidId,
  kidName,
  userId,
  onServer,
}: {
  readonly kidId: string
  readonly kidName: string
  readonly userId: string
  readonly onServer: boolean
}) {
  const answering = useOfferAnswering(kidId, kidName, userId, onServer)
  const headingId = useId()
  const { standing, refused } = answering
  if (standing.kind === 'registered' && refused.length === 0) return null
  return (
    <section className="offer-answer" aria-labelledby={headingId}>
      <h2 id={headingId}>Place at the centre</h2>
      <StandingBadge standing={standing} />
      <EnrolmentPrompt kidId={kidId} kidName={kidName} onServer={onServer} />
      {standingNotes(standing).map((note) => (
        <p key={note}>{note}</p>
      ))}
      <OfferReplies answering={answering} />
    </section>
  )
}

/**
 * The parent's answers to the open question, with what became of them: 'Accept' and 'Decline' (asked
 * again in a dialog) to an offer, 'Yes, still interested' to the waiting list's question, an answer kept
 * on this device until online, and an answer refused. On the child page and on the card.
 */
export function OfferReplies({ answering }: { readonly answering: OfferAnswering }) {
  const { replies } = useOutbox()
  const { registration, standing, local, refused, kidId, kidName, userId } = answering
  const [appRefusal, setAppRefusal] = useState<string | null>(null)
  const [declining, setDeclining] = useState(false)

  async function answer(questionId: string, reply: Reply) {
    // Refused by the app: the reply-by date has passed on this device's clock.
    if (
      registration?.state === 'offered' &&
      registration.replyBy &&
      reply !== 'interested' &&
      Date.now() >= replyDeadline(registration.replyBy)
    ) {
      setAppRefusal(lapsedOfferText(registration.replyBy))
      return
    }
    setAppRefusal(null)
    await replies.answer(userId, kidId, questionId, reply)
  }

  const lapsedOn = registration?.lapsedOn ?? registration?.replyBy ?? null
  return (
    <>
      {refused.length > 0 && (
        <div className="notice offer-refused" role="alert">
          <p>
            <strong>Your answer was not accepted.</strong> {lapsedOfferText(lapsedOn)}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              for (const row of refused) void replies.dismiss(row.id)
            }}
          >
            OK
          </button>
        </div>
      )}
      {appRefusal && (
        <p className="notice offer-refused" role="alert">
          {appRefusal}
        </p>
      )}
      {local?.state === 'queued' && (
        <p className="kid-hint" role="status">
          Your answer is kept on this device and will be sent when you are online.
        </p>
      )}
      {standing.kind === 'offered' && !local && (
        <div className="offer-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void answer(standing.offerId, 'accepted')}
          >
            Accept <span className="visually-hidden">the place for {kidName}</span>
          </button>
          <button type="button" className="button button--ghost" onClick={() => setDeclining(true)}>
            Decline <span className="visually-hidden">the place for {kidName}</span>
          </button>
        </div>
      )}
      {standing.kind === 'waitlisted' && standing.ask && !local && (
        <div className="offer-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => standing.ask && void answer(standing.ask.askId, 'interested')}
          >
            Yes, still interested
          </button>
        </div>
      )}
      {declining && standing.kind === 'offered' && (
        <ConfirmDialog
          title="Decline the place?"
          onCancel={() => setDeclining(false)}
          actions={
            <>
              <button
                type="button"
                className="button button--ghost"
                data-autofocus
                onClick={() => setDeclining(false)}
              >
                Keep the offer
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setDeclining(false)
                  void answer(standing.offerId, 'declined')
                }}
              >
                Decline the place
              </button>
            </>
          }
        >
          <p>The place goes to the next family. This answer cannot be changed.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
