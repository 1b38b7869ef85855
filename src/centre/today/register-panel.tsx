// 'Register' on /centre/today (docs/decisions/0078-the-register.md): staff pick a month (this one and
// those the register still keeps) and download its arrivals and collections as a CSV for a spreadsheet
// (register-csv.ts). Read from the server when there is a connection, else from what this device saw.
import { useId, useState } from 'react'
import type { AttendancePort } from '#shared/backend/attendance-ports'
import { monthWords, registerCsv, registerFileName, registerMonths } from './register-csv'

export interface RegisterPanelProps {
  readonly port: AttendancePort
  /** The centre's date today (YYYY-MM-DD). */
  readonly today: string
  /** How many months the register is kept (centre/today). */
  readonly keptMonths: number
  /** Hands the file to the browser (tests give their own). */
  readonly save?: (name: string, text: string) => void
}

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

type Outcome =
  | { readonly kind: 'reading' }
  | { readonly kind: 'done'; readonly days: number }
  | { readonly kind: 'failed' }

export function RegisterPanel({ port, today, keptMonths, save = saveFile }: RegisterPanelProps) {
  const months = registerMonths(today, keptMonths)
  const [month, setMonth] = useState(months[0] ?? today.slice(0, 7))
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const headingId = useId()
  const selectId = useId()

  async function download() {
    setOutcome({ kind: 'reading' })
    try {
      const register = await port.readRegister(month)
      save(registerFileName(month), registerCsv(register))
      setOutcome({ kind: 'done', days: new Set(register.events.map((e) => `${e.kidId}|${e.day}`)).size })
    } catch (error) {
      console.warn('The register could not be read', error)
      setOutcome({ kind: 'failed' })
    }
  }

  return (
    <section className="centre-mail today-register" aria-labelledby={headingId}>
      <h2 id={headingId}>Register</h2>
      <p>
        A month’s arrivals and collections for a spreadsheet: one row per child per day, with who collected
        and who recorded each, in the centre’s time. The file holds children’s personal data: keep it on the
        centre’s devices and delete it when done.
      </p>
      <div className="today-register__form">
        <div className="centre-field">
          <label htmlFor={selectId}>Month</label>
          <select
            id={selectId}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value)
              setOutcome(null)
            }}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthWords(m)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={outcome?.kind === 'reading'}
          onClick={() => void download()}
        >
          Download register
        </button>
      </div>
      <p role="status" className="centre-muted">
        {outcome?.kind === 'reading'
          ? 'Reading the register…'
          : outcome?.kind === 'done'
            ? outcome.days === 0
              ? `Downloaded: no arrivals in ${monthWords(month)}.`
              : `Downloaded: ${outcome.days} ${outcome.days === 1 ? 'child-day' : 'child-days'} in ${monthWords(month)}.`
            : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          The register could not be read. Please sign in again or try later.
        </p>
      )}
    </section>
  )
}
