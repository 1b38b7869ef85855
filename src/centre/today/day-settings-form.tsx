// 'The day's settings' on /centre/today (docs/decisions/0078-the-register.md): the time after which a
// child not seen yet is listed first and the parent asked (the function notSeenCheck reads the same
// setting), and how many months the register is kept (the function retention deletes older day records).
// centre/today, for every member of staff; saved with a button, offline too (sent when the connection
// returns), as the period of ended places is.
import { type FormEvent, useId, useState } from 'react'
import { SaveOutcomeText, useSettingSave } from '#centre/setting-save'
import type { AttendancePort } from '#shared/backend/attendance-ports'
import {
  type DaySettings,
  DEFAULT_NOT_SEEN_AT,
  DEFAULT_REGISTER_MONTHS,
  MAX_REGISTER_MONTHS,
  MIN_REGISTER_MONTHS,
  notSeenTimes,
  registerMonthsProblem,
} from '#shared/records/day-settings'
import { Field } from '#shared/ui/field'

export interface DaySettingsFormProps {
  readonly port: AttendancePort
  /** The stored settings (the defaults while unset). */
  readonly settings: DaySettings
}

export function DaySettingsForm({ port, settings }: DaySettingsFormProps) {
  // What staff chose; null until they change it: the field shows the stored value and follows it.
  const [time, setTime] = useState<string | null>(null)
  const [typed, setTyped] = useState<string | null>(null)
  const months = typed ?? String(settings.registerMonths)
  const [error, setError] = useState<string | null>(null)
  const { outcome, setOutcome, send } = useSettingSave('The settings')
  const headingId = useId()
  const timeId = useId()
  const monthsId = useId()

  async function save(event: FormEvent) {
    event.preventDefault()
    const problem = registerMonthsProblem(months)
    setError(problem)
    setOutcome(null)
    if (problem !== null) {
      document.getElementById(monthsId)?.focus()
      return
    }
    await send(
      () =>
        port.saveDaySettings({
          notSeenAt: time ?? settings.notSeenAt,
          registerMonths: Number(months.trim()),
        }),
      () => {
        setTime(null)
        setTyped(null)
      },
    )
  }

  return (
    <section className="centre-mail today-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>The day’s settings</h2>
      <p className="centre-muted">
        Now: not seen after {settings.notSeenAt}
        {settings.notSeenAt === DEFAULT_NOT_SEEN_AT ? ' (the default)' : ''}; the register is kept{' '}
        {settings.registerMonths} months
        {settings.registerMonths === DEFAULT_REGISTER_MONTHS ? ' (the default)' : ''}.
      </p>
      <form className="centre-retention__form" onSubmit={(event) => void save(event)} noValidate>
        <Field
          id={timeId}
          label="Not seen after"
          hint="A child with no arrival and no ‘Away today’ by then is listed first here, and the parent gets one notice."
          hintPlacement="before"
          classPrefix="centre"
        >
          {(control) => (
            <select
              {...control}
              value={time ?? settings.notSeenAt}
              onChange={(event) => {
                setTime(event.target.value)
                setOutcome(null)
              }}
            >
              {notSeenTimes().map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={monthsId}
          label="Months to keep the register"
          hint={`From ${MIN_REGISTER_MONTHS} to ${MAX_REGISTER_MONTHS} months. Older arrivals, collections and parents’ messages are deleted each night.`}
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
              value={months}
              onChange={(event) => {
                setTyped(event.target.value)
                setOutcome(null)
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          Save settings
        </button>
      </form>
      <SaveOutcomeText outcome={outcome} what="The settings" />
    </section>
  )
}
