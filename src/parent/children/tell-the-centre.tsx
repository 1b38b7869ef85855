// 'Tell the centre' on the child's page (issue 51; docs/decisions/0076), for a confirmed place that has
// started: 'Away today' (ill, holiday or other; a note if wished) or 'Someone else collects today' (name,
// phone, relation), checked with the record's own functions and sent through the outbox (kind
// 'tell-the-centre'): kept on this device until the server has it, then 'Sent'; a refusal stays, said.
import { useLiveQuery } from 'dexie-react-hooks'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useRegistration } from '#parent/offers/registration-status'
import { useOutbox } from '#parent/outbox/outbox-context'
import { centreDay } from '#shared/records/attendance-record'
import {
  AWAY_REASON_LABELS,
  AWAY_REASONS,
  type AwayReason,
  newTellMessage,
  TELL_TEXT_MAX,
  TELL_TITLES,
  type TellFields,
  type TellKind,
  tellSummary,
  validateTellMessage,
} from '#shared/records/tell-the-centre-record'

export const tellWords = {
  heading: 'Tell the centre',
  send: 'Send',
  kept: 'Kept on this device until it is sent',
  sent: 'Sent',
  dismiss: 'Dismiss',
} as const

interface Draft {
  readonly reason: AwayReason | ''
  readonly name: string
  readonly relation: string
  readonly phone: string
  readonly note: string
}

const EMPTY: Draft = { reason: '', name: '', relation: '', phone: '', note: '' }

function fieldsOf(kind: TellKind, draft: Draft): TellFields {
  if (kind === 'away') return { kind, reason: draft.reason as AwayReason, note: draft.note }
  return { kind, name: draft.name, relation: draft.relation, phone: draft.phone, note: draft.note }
}

/** Shown only for a confirmed place that has started by today at the centre. */
export function TellTheCentre(props: {
  readonly kidId: string
  readonly userId: string
  readonly onServer: boolean
}) {
  const registration = useRegistration(props.kidId, props.onServer)
  const today = centreDay(Date.now())
  const started =
    registration?.state === 'confirmed' && registration.startDate !== null && registration.startDate <= today
  if (!started) return null
  return <TellForm kidId={props.kidId} userId={props.userId} today={today} />
}

function TellForm({ kidId, userId, today }: { kidId: string; userId: string; today: string }) {
  const { tells } = useOutbox()
  const id = useId()
  const [kind, setKind] = useState<TellKind | null>(null)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const rows = useLiveQuery(() => tells.rowsOf(kidId), [tells, kidId]) ?? []
  // A sent message of a past day is nothing to show any more.
  useEffect(() => {
    for (const row of rows) if (row.state === 'sent' && row.message.day < today) void tells.dismiss(row.id)
  }, [rows, tells, today])

  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!kind) return
    const message = newTellMessage({
      kidId,
      userRef: userId,
      fields: fieldsOf(kind, draft),
      deviceAt: Date.now(),
    })
    const problems = validateTellMessage(message, today)
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    await tells.tell(userId, message)
    setKind(null)
    setDraft(EMPTY)
  }

  const field = (key: keyof Draft, label: string, max: number, type = 'text') => (
    <div className="kid-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {key === 'note' ? (
        <textarea
          id={`${id}-${key}`}
          value={draft[key]}
          maxLength={max}
          onChange={(e) => set(key)(e.target.value)}
        />
      ) : (
        <input
          id={`${id}-${key}`}
          type={type}
          value={draft[key]}
          maxLength={max}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
      {errors[key] && (
        <p className="kid-error" id={`${id}-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  )

  const shown = rows.filter((row) => row.state !== 'sent' || row.message.day >= today)
  return (
    <section className="tell-centre" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{tellWords.heading}</h2>
      {shown.length > 0 && (
        <ul className="tell-centre-sent">
          {shown.map((row) => (
            <li key={row.id}>
              <span>{tellSummary(row.message)}</span>{' '}
              <strong>
                {row.state === 'queued' ? tellWords.kept : row.state === 'sent' ? tellWords.sent : row.error}
              </strong>
              {row.state === 'refused' && (
                <button type="button" className="kid-text-button" onClick={() => void tells.dismiss(row.id)}>
                  {tellWords.dismiss}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="tell-centre-choices">
        {(['away', 'someone-else'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`button ${kind === k ? 'button--primary' : 'button--outline'}`}
            aria-pressed={kind === k}
            onClick={() => {
              setKind(kind === k ? null : k)
              setErrors({})
            }}
          >
            {TELL_TITLES[k]}
          </button>
        ))}
      </div>
      {kind && (
        <form className="tell-centre-form" onSubmit={(e) => void submit(e)} noValidate>
          {kind === 'away' ? (
            <fieldset className="kid-field">
              <legend className="kid-label">Reason</legend>
              {AWAY_REASONS.map((reason) => (
                <label key={reason} className="tell-centre-reason">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={reason}
                    checked={draft.reason === reason}
                    onChange={() => set('reason')(reason)}
                  />
                  {AWAY_REASON_LABELS[reason]}
                </label>
              ))}
              {errors.reason && <p className="kid-error">{errors.reason}</p>}
            </fieldset>
          ) : (
            <>
              {field('name', 'Name', TELL_TEXT_MAX.name)}
              {field('phone', 'Phone', TELL_TEXT_MAX.phone, 'tel')}
              {field('relation', 'Relation to the child', TELL_TEXT_MAX.relation)}
            </>
          )}
          {field('note', 'Note (optional)', TELL_TEXT_MAX.note)}
          {errors.day && <p className="kid-error">{errors.day}</p>}
          <button type="submit" className="button button--primary">
            {tellWords.send}
          </button>
        </form>
      )}
    </section>
  )
}
