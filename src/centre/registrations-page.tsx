// /centre: the registered children, newest first, 50 at a time ('Show more'), with what the centre needs (age, gender, disability,
// plan, the parent's name and phone, the address, when registered), the cover photo on request, filters
// by plan and state, search by name, 'Confirm place' (from a start date) and 'Waitlist', and CSV export
// of the rows shown.
import { useEffect, useId, useMemo, useState } from 'react'
import { kidAgeText } from '#shared/records/kid-age'
import { KID_PLANS, type KidPlan } from '#shared/records/kid-record'
import type { RegistrationDecision } from '#shared/records/registration-record'
import { type CentreState, type CentreStore, useCentreState } from './centre-store'
import { ChildPhoto } from './child-photo'
import { EnrolmentChecklist } from './enrolment-checklist'
import { useFirstScreenful } from './first-screenful'
import { mailtoHref } from './inquiries-view'
import { RegistrationActions } from './registration-actions'
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
import { type OrderKey, useSteadyOrder } from './steady-order'

export interface RegistrationsPageProps {
  readonly store: CentreStore
  readonly downloadPhoto: (path: string) => Promise<Blob>
}

const STATE_OPTIONS: readonly (readonly [RegistrationFilterState, string])[] = [
  ['all', 'All states'],
  ...(Object.entries(STATE_WORDS) as [RegistrationFilterState, string][]),
]

/** The server orders the children by their last save. */
const BY_SAVE: OrderKey<RegistrationRow> = (row) => [row.kid.id, row.kid.savedAt ?? 0]

/** What the screen reader hears once a decision is kept. */
const DECIDED: { readonly [K in RegistrationDecision['state']]: (name: string) => string } = {
  offered: (name) => `Place offered to ${name}.`,
  confirmed: (name) => `Place confirmed for ${name}.`,
  waitlisted: (name) => `${name} is on the waiting list.`,
  declined: (name) => `${name}: declined, with your reason.`,
}

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
  // Opened from the inquiries before the store asked for the children: now.
  useEffect(() => store.open('children'), [store])
  // The plan is asked of the server (store.setChildrenFilter); state and search look at the pages loaded.
  const [filter, setFilter] = useState<RegistrationFilter>({ ...NO_FILTER, plan: state.childrenFilter.plan })
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  const all = useMemo(
    () =>
      registrationRows(
        state.children ?? [],
        state.registrations,
        state.parentEmails,
        state.replies,
        state.enrolments,
      ),
    [state.children, state.registrations, state.parentEmails, state.replies, state.enrolments],
  )
  // The cards stay where staff saw them once the server has answered (decision 0094); new ones wait.
  const steady = useSteadyOrder(state.children && all, state.childrenAnswered, BY_SAVE)
  const rows = useMemo(() => filterRows(steady.shown, filter), [steady.shown, filter])
  const waiting = useMemo(() => filterRows(steady.waiting, filter).length, [steady.waiting, filter])
  const drawn = useFirstScreenful(rows.length)

  async function decide(row: RegistrationRow, decision: RegistrationDecision) {
    const name = row.kid.kidName
    try {
      const queued = await store.port.decide(row.kid.id, decision)
      setAnnouncement(DECIDED[decision.state](name))
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
      <div className="centre-list-status" aria-live="polite">
        <p className="centre-muted">
          {state.children === undefined
            ? 'Loading registrations…'
            : shownText(rows.length, all.length - steady.waiting.length, state)}
        </p>
        {waiting > 0 && (
          <button type="button" className="button button--outline" onClick={steady.showWaiting}>
            Show {waiting} new
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ul className="centre-list">
        {rows.slice(0, drawn).map((row) => (
          <RegistrationCard
            key={row.kid.id}
            row={row}
            downloadPhoto={downloadPhoto}
            onDecide={(decision) => void decide(row, decision)}
          />
        ))}
      </ul>
      {state.moreChildren && drawn === rows.length && (
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
  const { kid } = row
  const nameId = useId()
  const change = changeSinceDecision(row)
  const today = centreToday()
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
      <article aria-labelledby={nameId}>
        <div className="centre-card-head">
          <h3 id={nameId}>{kid.kidName}</h3>
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
        <EnrolmentChecklist row={row} download={downloadPhoto} />
        <RegistrationActions row={row} today={today} onDecide={onDecide} />
      </article>
    </li>
  )
}
