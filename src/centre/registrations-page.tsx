// /centre: every registered child, newest first, with what the centre needs (age, gender, disability,
// plan, the parent's name and phone, the address, when registered), the cover photo on request, filters
// by plan and state, search by name, 'Confirm place' (from a start date) and 'Waitlist', and CSV export
// of the rows shown.
import { type FormEvent, useId, useMemo, useState } from 'react'
import { kidAgeText } from '#shared/records/kid-age'
import { KID_PLANS, type KidPlan } from '#shared/records/kid-record'
import { isStartDate, type RegistrationDecision } from '#shared/records/registration-record'
import { type CentreStore, useCentreState } from './centre-store'
import { ChildPhoto } from './child-photo'
import {
  filterRows,
  formatWhen,
  NO_FILTER,
  type RegistrationFilter,
  type RegistrationFilterState,
  type RegistrationRow,
  registrationRows,
  registrationsCsv,
  stateLabel,
  stateOf,
} from './registrations-view'

export interface RegistrationsPageProps {
  readonly store: CentreStore
  readonly downloadPhoto: (path: string) => Promise<Blob>
}

const STATE_OPTIONS: readonly (readonly [RegistrationFilterState, string])[] = [
  ['all', 'All states'],
  ['new', 'New'],
  ['confirmed', 'Place confirmed'],
  ['waitlisted', 'Waiting list'],
]

function downloadCsv(rows: readonly RegistrationRow[]) {
  const blob = new Blob([registrationsCsv(rows)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `sunbeam-registrations-${new Date().toISOString().slice(0, 10)}.csv`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export function RegistrationsPage({ store, downloadPhoto }: RegistrationsPageProps) {
  const state = useCentreState(store)
  const [filter, setFilter] = useState<RegistrationFilter>(NO_FILTER)
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  const all = useMemo(
    () => registrationRows(state.children ?? [], state.registrations),
    [state.children, state.registrations],
  )
  const rows = useMemo(() => filterRows(all, filter), [all, filter])

  async function decide(row: RegistrationRow, decision: RegistrationDecision) {
    const name = row.kid.kidName
    try {
      const queued = await store.port.decide(row.kid.id, decision)
      setAnnouncement(
        decision.state === 'confirmed' ? `Place confirmed for ${name}.` : `${name} is on the waiting list.`,
      )
      queued.sent.catch(() => setAnnouncement(`The decision for ${name} was refused by the server.`))
    } catch (error) {
      console.warn('The decision could not be saved', error)
      setAnnouncement(`The decision for ${name} could not be saved. Please try again.`)
    }
  }

  return (
    <section aria-labelledby={headingId} className="centre-section">
      <div className="centre-section-head">
        <h2 id={headingId}>Registrations</h2>
        <button
          type="button"
          className="button button--outline"
          onClick={() => downloadCsv(rows)}
          disabled={rows.length === 0}
        >
          Export CSV
        </button>
      </div>
      <form
        className="centre-filters"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filter registrations"
      >
        <label>
          Plan
          <select
            value={filter.plan}
            onChange={(event) => setFilter({ ...filter, plan: event.target.value as KidPlan | 'all' })}
          >
            <option value="all">All plans</option>
            {KID_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select
            value={filter.state}
            onChange={(event) =>
              setFilter({ ...filter, state: event.target.value as RegistrationFilterState })
            }
          >
            {STATE_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="centre-search">
          Search by name
          <input
            type="search"
            value={filter.search}
            onChange={(event) => setFilter({ ...filter, search: event.target.value })}
          />
        </label>
      </form>
      <p className="centre-muted" aria-live="polite">
        {state.children === undefined
          ? 'Loading registrations…'
          : `${rows.length} of ${all.length} registration${all.length === 1 ? '' : 's'}`}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ul className="centre-list">
        {rows.map((row) => (
          <RegistrationCard
            key={row.kid.id}
            row={row}
            downloadPhoto={downloadPhoto}
            onDecide={(decision) => void decide(row, decision)}
          />
        ))}
      </ul>
    </section>
  )
}

interface RegistrationCardProps {
  readonly row: RegistrationRow
  readonly downloadPhoto: (path: string) => Promise<Blob>
  readonly onDecide: (decision: RegistrationDecision) => void
}

function RegistrationCard({ row, downloadPhoto, onDecide }: RegistrationCardProps) {
  const { kid, registration } = row
  const ids = { name: useId(), date: useId(), problem: useId() }
  const [startDate, setStartDate] = useState(
    registration?.state === 'confirmed' ? registration.startDate : '',
  )
  const [problem, setProblem] = useState<string | null>(null)

  function confirm(event: FormEvent) {
    event.preventDefault()
    if (!isStartDate(startDate)) {
      setProblem('Choose a start date first')
      return
    }
    setProblem(null)
    onDecide({ state: 'confirmed', startDate })
  }

  const lines: readonly (readonly [string, string])[] = [
    ['Age', kidAgeText(kid)],
    ['Gender', kid.kidGender],
    ['Disability', kid.disability ? 'Yes' : 'No'],
    ['Plan', kid.plan],
    ['Parent', kid.parentName],
    ['Registered', formatWhen(kid.savedAt)],
  ]
  return (
    <li className={`centre-card centre-card--${stateOf(row)}`}>
      <article aria-labelledby={ids.name}>
        <div className="centre-card-head">
          <h3 id={ids.name}>{kid.kidName}</h3>
          <span className="centre-badge">{stateLabel(row)}</span>
        </div>
        <dl className="centre-lines">
          {lines.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${kid.parentPhone.replace(/[^\d+]/g, '')}`}>{kid.parentPhone}</a>
            </dd>
          </div>
          <div className="centre-lines__wide">
            <dt>Address</dt>
            <dd className="centre-address">{kid.address}</dd>
          </div>
        </dl>
        <ChildPhoto photo={kid.imgUrls[0]} name={kid.kidName} download={downloadPhoto} />
        <form className="centre-decide" onSubmit={confirm} aria-label={`Decide for ${kid.kidName}`}>
          <label htmlFor={ids.date}>Start date</label>
          <input
            id={ids.date}
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? ids.problem : undefined}
          />
          <button type="submit" className="button button--primary">
            Confirm place <span className="visually-hidden">for {kid.kidName}</span>
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onDecide({ state: 'waitlisted', startDate: null })}
          >
            Waitlist <span className="visually-hidden">{kid.kidName}</span>
          </button>
          {problem && (
            <p id={ids.problem} className="centre-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      </article>
    </li>
  )
}
