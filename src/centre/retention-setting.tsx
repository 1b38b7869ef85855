// 'How long we keep ended places' at /centre: the days after which the records of a child whose place
// was declined, withdrawn or never taken up (the file, photos and documents) are deleted by the scheduled
// function retention (docs/decisions/0036-retention.md). Parents are told RETENTION_NOTICE_DAYS before.
// Saved with a button (a number typed digit by digit is not a choice until it is whole), offline too.
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { CentrePort } from '#shared/backend/centre-ports'
import {
  DEFAULT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  RETENTION_NOTICE_DAYS,
  retentionDaysProblem,
} from '#shared/records/retention-settings'
import { Field } from '#shared/ui/field'
import { SaveOutcomeText, useSettingSave } from './setting-save'

export function RetentionSetting({ port }: { readonly port: CentrePort }) {
  const [days, setDays] = useState<number | null>(null)
  // What staff typed; null until they type: the field then shows the stored value, and follows it
  // (another member of staff may change it). Derived, not copied in an effect: a copy made after the
  // first render could land on top of what staff had begun to type.
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? (days === null ? '' : String(days))
  const [error, setError] = useState<string | null>(null)
  const { outcome, setOutcome, send } = useSettingSave('The period')
  const [failed, setFailed] = useState(false)
  const headingId = useId()
  const fieldId = useId()
  useEffect(
    () =>
      port.watchRetentionDays(setDays, (readError) => {
        console.warn('The retention period could not be read', readError)
        setFailed(true)
      }),
    [port],
  )

  async function save(event: FormEvent) {
    event.preventDefault()
    const problem = retentionDaysProblem(text)
    setError(problem)
    setOutcome(null)
    if (problem !== null) {
      document.getElementById(fieldId)?.focus()
      return
    }
    await send(
      () => port.setRetentionDays(Number(text.trim())),
      () => setTyped(null),
    )
  }

  if (days === null) {
    return failed ? (
      <section className="centre-mail" aria-labelledby={headingId}>
        <h2 id={headingId}>How long we keep ended places</h2>
        <p className="notice notice--error" role="alert">
          The period could not be read. Please sign in again or try later.
        </p>
      </section>
    ) : null
  }
  return (
    <section className="centre-mail centre-retention" aria-labelledby={headingId}>
      <h2 id={headingId}>How long we keep ended places</h2>
      <p>
        When a place is declined, withdrawn or never taken up, the child's record, photos, enrolment file and
        documents are deleted this many days after the place ended. The parent is told {RETENTION_NOTICE_DAYS}{' '}
        days before.
      </p>
      <p className="centre-muted">
        Now: {days} days{days === DEFAULT_RETENTION_DAYS ? ' (the default)' : ''}.
      </p>
      <form className="centre-retention__form" onSubmit={(event) => void save(event)} noValidate>
        <Field
          id={fieldId}
          label="Days to keep them"
          hint={`From ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS} days.`}
          hintPlacement="before"
          error={error}
          classPrefix="centre"
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              onChange={(event) => {
                setTyped(event.target.value)
                setOutcome(null)
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          Save period
        </button>
      </form>
      <SaveOutcomeText outcome={outcome} what="The period" />
      {failed ? (
        <p className="notice notice--error" role="alert">
          The period could not be read. Please sign in again or try later.
        </p>
      ) : null}
    </section>
  )
}
