// /centre: the registered children, newest first, 50 at a time ('Show more'), with what the centre needs (age, gender, disability,
// plan, the parent's name and phone, the address, when registered), the cover photo on request, filters
// by plan and state, search by name, 'Confirm place' (from a start date) and 'Waitlist', and CSV export
// of the rows shown.
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { kidAgeText } from '#shared/records/kid-age'
import { KID_PLANS, type KidPlan } from '#shared/records/kid-record'
import { isStartDate, type RegistrationDecision } from '#shared/records/registration-record'
import { type CentreState, type CentreStore, useCentreState } from './centre-store'
import { ChildPhoto } from './child-photo'
import { mailtoHref } from './inquiries-view'
import {
  centreToday,
  changeSinceDecision,
  filterRows,
  formatDay,
  formatWhen,
  NO_FILTER,
  type RegistrationFilter,
  type RegistrationFilterState,
  type RegistrationRow,
  registrationRows,
  registrationsCsv,
  STATE_WORDS,
  stateLabel,
  stateOf,
} from './registrations-view'

export interface RegistrationsPageProps {
  readonly store: CentreStore
  readonly downloadPhoto: (path: string) => Promise<Blob>
}

const STATE_OPTIONS: readonly (readonly [RegistrationFilterState, string])[] = [
  ['all', 'All states'],
  ['new', STATE_WORDS.new],
  ['confirmed', STATE_WORDS.confirmed],
  ['waitlisted', STATE_WORDS.waitlisted],
]

function downloadCsv(rows: readonly RegistrationRow[]) {
  const blob = new Blob([registrationsCsv(rows)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `sunbeam-registrations-${centreToday()}.csv`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export function RegistrationsPage({ store, downloadPhoto }: RegistrationsPageProps) {
  const state = useCentreState(store)
  // The plan is asked of the server (store.setChildrenFilter); state and search look at the pages loaded.
  const [filter, setFilter] = useState<RegistrationFilter>({ ...NO_FILTER, plan: state.childrenFilter.plan })
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  const all = useMemo(
    () => registrationRows(state.children ?? [], state.registrations, state.parentEmails),
    [state.children, state.registrations, state.parentEmails],
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
            onChange={(event) => {
              const plan = event.target.value as KidPlan | 'all'
              setFilter({ ...filter, plan })
              store.setChildrenFilter({ plan })
            }}
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
        {state.children === undefined ? 'Loading registrations…' : shownText(rows.length, all.length, state)}
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
      {state.moreChildren && (
        <button type="button" className="button button--outline centre-more" onClick={store.showMoreChildren}>
          Show more registrations
        </button>
      )}
    </section>
  )
}

/**
 * '3 of 50 registrations' (those matching among those loaded), with the server's count when more exist
 * than are loaded: '…, the newest 50 of 5,000 loaded'.
 */
function shownText(matching: number, loaded: number, state: CentreState): string {
  const total = Math.max(loaded, state.childrenCount ?? loaded)
  const text = `${matching} of ${loaded} registration${loaded === 1 ? '' : 's'}`
  return total > loaded || state.moreChildren
    ? `${text}, the newest ${loaded} of ${state.childrenCount === null ? 'more' : total.toLocaleString('en-GB')} loaded`
    : text
}

interface RegistrationCardProps {
  readonly row: RegistrationRow
  readonly downloadPhoto: (path: string) => Promise<Blob>
  readonly onDecide: (decision: RegistrationDecision) => void
}

function RegistrationCard({ row, downloadPhoto, onDecide }: RegistrationCardProps) {
  const { kid, registration } = row
  const ids = { name: useId(), date: useId(), problem: useId() }
  // The start date is asked for only once staff choose 'Confirm place': a date field costs three or four
  // Tab stops, and every card had one (issue 38).
  const [choosing, setChoosing] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const reopen = useRef(false)
  useEffect(() => {
    if (!choosing && reopen.current) opener.current?.focus()
    reopen.current = false
  }, [choosing])
  function stopChoosing() {
    reopen.current = true
    setChoosing(false)
    setProblem(null)
  }
  const change = changeSinceDecision(row)
  const [startDate, setStartDate] = useState(
    registration?.state === 'confirmed' ? registration.startDate : '',
  )
  const [problem, setProblem] = useState<string | null>(null)

  const today = centreToday()
  function confirm(event: FormEvent) {
    event.preventDefault()
    if (!isStartDate(startDate)) {
      setProblem('Choose a start date first')
      return
    }
    // A place starts today or later (the date input's min says so too; typing can get past it).
    if (startDate < today) {
      setProblem('Choose a start date from today on')
      return
    }
    setProblem(null)
    // Focus back on 'Confirm place', where the decision was made from.
    reopen.current = true
    setChoosing(false)
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
        {change && (
          <p className="notice centre-changed">
            <strong>Changed after your decision on {formatDay(change.decidedAt)}</strong>
            {change.fields.length > 0
              ? `: ${change.fields.join(', ')}.`
              : ' (saved again; no field changed).'}{' '}
            Check the record, then confirm the place again or waitlist.
          </p>
        )}
        <dl className="centre-lines">
          {lines.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Parent's e-mail</dt>
            <dd>{row.parentEmail ? <a href={mailtoHref(row.parentEmail)}>{row.parentEmail}</a> : '—'}</dd>
          </div>
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
        {choosing ? (
          <form
            className="centre-decide"
            onSubmit={confirm}
            onKeyDown={(event) => {
              if (event.key === 'Escape') stopChoosing()
            }}
            noValidate
            aria-label={`Decide for ${kid.kidName}`}
          >
            <label htmlFor={ids.date}>Start date</label>
            <input
              id={ids.date}
              type="date"
              min={today}
              value={startDate}
              // biome-ignore lint/a11y/noAutofocus: shown by the press of 'Confirm place', to be filled next
              autoFocus
              onChange={(event) => setStartDate(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? ids.problem : undefined}
            />
            <button type="submit" className="button button--primary">
              Confirm place <span className="visually-hidden">for {kid.kidName}</span>
            </button>
            <button type="button" className="button button--ghost" onClick={stopChoosing}>
              Cancel <span className="visually-hidden">confirming {kid.kidName}</span>
            </button>
            {problem && (
              <p id={ids.problem} className="centre-problem" role="alert">
                {problem}
              </p>
            )}
          </form>
        ) : (
          <div className="centre-decide">
            <button
              ref={opener}
              type="button"
              className="button button--primary"
              aria-expanded={false}
              onClick={() => setChoosing(true)}
            >
              Confirm place <span className="visually-hidden">for {kid.kidName}</span>
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onDecide({ state: 'waitlisted', startDate: null })}
            >
              Waitlist <span className="visually-hidden">{kid.kidName}</span>
            </button>
          </div>
        )}
      </article>
    </li>
  )
}
