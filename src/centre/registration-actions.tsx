// A registration card's decisions (docs/decisions/0031-enrolment-states.md): 'Offer place' (a start date
// and a reply-by date, 7 days from today by default), 'Confirm place' (a start date), 'Waitlist' (or,
// for a family the schedule withdrew, 'Back on the waiting list', keeping its date), and 'Decline' (a
// reason the parent reads). The dates and the reason are asked only once a decision is chosen: a date
// field costs three or four Tab stops, and every card had one (issue 38).
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { enrolmentMissing } from '#shared/records/enrolment-record'
import { newRandomId } from '#shared/records/ids'
import {
  addDays,
  isStartDate,
  MISSING_MAX,
  OFFER_REPLY_DAYS,
  REASON_MAX,
  type RegistrationDecision,
  waitingSinceOf,
} from '#shared/records/registration-record'
import type { RegistrationRow } from './registrations-view'

type Choosing = 'offer' | 'confirm' | 'decline' | null

const SUBMIT: { readonly [K in Exclude<Choosing, null>]: string } = {
  offer: 'Offer place',
  confirm: 'Confirm place',
  decline: 'Decline',
}

/** What 'Cancel' gives up, for a screen reader: 'Cancel confirming Amara Obi'. */
const CANCEL: { readonly [K in Exclude<Choosing, null>]: (name: string) => string } = {
  offer: (name) => `offering a place to ${name}`,
  confirm: (name) => `confirming ${name}`,
  decline: (name) => `declining ${name}`,
}

export function RegistrationActions({
  row,
  today,
  onDecide,
}: {
  readonly row: RegistrationRow
  readonly today: string
  readonly onDecide: (decision: RegistrationDecision) => void
}) {
  const { kid, registration } = row
  const ids = { start: useId(), replyBy: useId(), reason: useId(), problem: useId() }
  const [choosing, setChoosing] = useState<Choosing>(null)
  const [startDate, setStartDate] = useState(registration?.startDate ?? '')
  const [replyBy, setReplyBy] = useState(addDays(today, OFFER_REPLY_DAYS))
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const openers = useRef(new Map<Exclude<Choosing, null>, HTMLButtonElement | null>())
  const reopen = useRef<Choosing>(null)
  useEffect(() => {
    if (choosing === null && reopen.current) openers.current.get(reopen.current)?.focus()
    if (choosing === null) reopen.current = null
  }, [choosing])

  function stop() {
    reopen.current = choosing
    setChoosing(null)
    setProblem(null)
  }
  // Whatever the state: a place confirmed before the file is complete names what is missing.
  const missing = enrolmentMissing(row.enrolment ?? null).slice(0, MISSING_MAX)
  // The family keeps its place in time: the date it has waited since, if it has one.
  const waitingSince = registration ? waitingSinceOf(registration) : null

  function submit(event: FormEvent) {
    event.preventDefault()
    if (choosing === 'decline') {
      const words = reason.trim()
      if (!words) return setProblem('Write the reason the family will read')
      if ([...words].length > REASON_MAX) return setProblem(`Keep the reason to ${REASON_MAX} characters`)
      finish({ state: 'declined', startDate: null, reason: words })
      return
    }
    if (!isStartDate(startDate)) return setProblem('Choose a start date first')
    // A place starts today or later (the date input's min says so too; typing can get past it).
    if (startDate < today) return setProblem('Choose a start date from today on')
    // Confirmed by staff's choice before the file is complete: what is missing is named (decision 0032).
    if (choosing === 'confirm')
      return finish({ state: 'confirmed', startDate, ...(missing.length ? { missing } : {}) })
    if (!isStartDate(replyBy) || replyBy < today) return setProblem('Choose a reply-by date from today on')
    if (replyBy > startDate) return setProblem('The reply-by date must come before the start date')
    finish({
      state: 'offered',
      startDate,
      replyBy,
      offerId: newRandomId(),
      ...(waitingSince ? { waitingSince } : {}),
    })
  }

  function finish(decision: RegistrationDecision) {
    setProblem(null)
    // Focus back on the button the decision was made from.
    reopen.current = choosing
    setChoosing(null)
    onDecide(decision)
  }

  if (choosing) {
    const label = `${SUBMIT[choosing]} for ${kid.kidName}`
    return (
      <form
        className="centre-decide"
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') stop()
        }}
        noValidate
        aria-label={label}
      >
        {choosing === 'decline' ? (
          <>
            <label htmlFor={ids.reason}>Reason the family will read</label>
            <input
              id={ids.reason}
              type="text"
              maxLength={REASON_MAX}
              value={reason}
              // biome-ignore lint/a11y/noAutofocus: shown by the press of 'Decline', to be filled next
              autoFocus
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </>
        ) : (
          <>
            <label htmlFor={ids.start}>Start date</label>
            <input
              id={ids.start}
              type="date"
              min={today}
              value={startDate}
              // biome-ignore lint/a11y/noAutofocus: shown by the press of the decision, to be filled next
              autoFocus
              onChange={(event) => setStartDate(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </>
        )}
        {choosing === 'confirm' && missing.length > 0 && (
          <p className="centre-muted centre-decide-note">
            The enrolment file is not complete ({missing.length} missing). Confirming now records what is
            missing, and the family can still finish the file.
          </p>
        )}
        {choosing === 'offer' && (
          <>
            <label htmlFor={ids.replyBy}>Reply by</label>
            <input
              id={ids.replyBy}
              type="date"
              min={today}
              value={replyBy}
              onChange={(event) => setReplyBy(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </>
        )}
        <button type="submit" className="button button--primary">
          {SUBMIT[choosing]} <span className="visually-hidden">for {kid.kidName}</span>
        </button>
        <button type="button" className="button button--ghost" onClick={stop}>
          Cancel <span className="visually-hidden">{CANCEL[choosing](kid.kidName)}</span>
        </button>
        {problem && (
          <p id={ids.problem} className="centre-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    )
  }

  const opener = (kind: Exclude<Choosing, null>, primary: boolean) => (
    <button
      ref={(element) => {
        openers.current.set(kind, element)
      }}
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--ghost'}`}
      aria-expanded={false}
      onClick={() => setChoosing(kind)}
    >
      {SUBMIT[kind]} <span className="visually-hidden">for {kid.kidName}</span>
    </button>
  )
  const withdrawn = registration?.state === 'withdrawn'
  const next = nextStep(row)
  return (
    <div className="centre-decide">
      {opener('offer', next === 'offer')}
      {opener('confirm', next === 'confirm')}
      <button
        type="button"
        className="button button--ghost"
        onClick={() =>
          onDecide({ state: 'waitlisted', startDate: null, waitingSince: waitingSince ?? today })
        }
      >
        {withdrawn ? 'Back on the waiting list' : 'Waitlist'}{' '}
        <span className="visually-hidden">{kid.kidName}</span>
      </button>
      {opener('decline', false)}
    </div>
  )
}

/**
 * The card's primary button: the centre's next step with this family. Offering a place to a family
 * that is new, waiting or withdrawn; confirming once the family has accepted an offer; none while an
 * offer waits for the family's answer, once the family has declined it, or once the place is confirmed
 * or declined (any button then corrects a decision made, and none should look like the thing to do).
 */
export function nextStep(row: RegistrationRow): 'offer' | 'confirm' | null {
  switch (row.registration?.state) {
    case undefined:
    case 'waitlisted':
    case 'withdrawn':
      return 'offer'
    case 'offered':
      return row.reply === 'accepted' ? 'confirm' : null
    default:
      return null
  }
}
