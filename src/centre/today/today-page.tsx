// /centre/today, the door (issue 51; decision 0075): every child whose confirmed place has started, with
// 'Arrived' and, once arrived, 'Collected'; counts of here, expected and away; the parents' messages of
// the day; the file's 'must not collect' note. Every tap is a job of the outbox (attendance-kind.ts) and
// shows in the frame it was made in; offline all day, the lists come from Firestore's cache and the
// taps wait on the device.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useHeldOrder } from '#centre/steady-order'
import type { DoorChild, DoorSeen } from '#shared/backend/attendance-ports'
import { type KeptDoor, readDoorSnapshot, writeDoorSnapshot } from '#shared/device/door-snapshot'
import { crossOutDoorTap, noteDoorTap } from '#shared/device/door-taps'
import type { Job } from '#shared/outbox/job'
import { hinted } from '#shared/outbox/outbox-hint'
import {
  type AttendanceEvent,
  attendanceEventId,
  type Collector,
  centreDay,
  clockWarning,
  doorRosterThrough,
  newArrival,
  newCollection,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import type { CodeVerifier } from '#shared/records/collection-code'
import { type DaySettings, DEFAULT_DAY_SETTINGS } from '#shared/records/day-settings'
import { type StoredTellMessage, tellSummary } from '#shared/records/tell-the-centre-record'
import type { AttendancePayload } from './attendance-kind'
import { CollectPanel } from './collect-panel'
import { DaySettingsForm } from './day-settings-form'
import { ATTENDANCE_HINT_KEY, writeAttendanceHint } from './door-hint'
import { type DoorRuntime, doorWaiting, getDoorRuntime } from './door-runtime'
import { RegisterPanel } from './register-panel'
import { centreTime, type DoorMark, type DoorRow, lastClockOffset, todayView } from './today-view'

export interface TodayPageProps {
  readonly staffUid: string
  /** The door's parts (tests give their own); by default this tab's for the account. */
  readonly runtime?: Promise<DoorRuntime>
  /** Called once the list is on screen (the door opened from the device waits for it, decision 0092). */
  readonly onListDrawn?: () => void
}

/** How long the lists stay unchanged before they are kept as the next open's snapshot. */
const SNAPSHOT_WAIT_MS = 1_000

/** The screen's clock: the day and the 'not seen' time move on while the door stays open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const NONE: readonly AttendanceEvent[] = []

const rowId = (row: DoorRow) => row.child.kidId

export function TodayPage({ staffUid, runtime: given, onListDrawn }: TodayPageProps) {
  const now = useNow()
  const day = centreDay(now)
  const [runtime, setRuntime] = useState<DoorRuntime | null>(null)
  const [failed, setFailed] = useState(false)
  // The lists as this device last saw them live, for this account and day (door-snapshot.ts): drawn in
  // the first render, before Firebase's answer, which takes over when it comes (decision 0084); on the
  // day's first open, an earlier day's children alone (decision 0093).
  const [snapshot] = useState(() => readDoorSnapshot(staffUid, day))
  // The children are followed ahead of the day (places starting soon), so that the snapshot kept today
  // draws them on their first day; the list shows those whose place has started.
  const rosterDay = doorRosterThrough(day)
  const [children, setChildren] = useState<DoorSeen<DoorChild> | undefined>(() =>
    snapshot ? { items: snapshot.children, fromCache: true } : undefined,
  )
  const [events, setEvents] = useState<readonly StoredAttendanceEvent[]>(() => snapshot?.events ?? [])
  const [messages, setMessages] = useState<readonly StoredTellMessage[]>(() => snapshot?.messages ?? [])
  // Which lists have answered live (only those are kept as the next snapshot).
  const [heard, setHeard] = useState({ children: false, events: false, messages: false })
  const [checks, setChecks] = useState<ReadonlyMap<string, readonly CodeVerifier[]>>(new Map())
  const [jobs, setJobs] = useState<readonly Job<AttendancePayload>[]>([])
  // The snapshot's own taps and jobs, drawn until the outbox's jobs are heard (they are those, or sent).
  const [jobsHeard, setJobsHeard] = useState(false)
  const [taps, setTaps] = useState<readonly AttendanceEvent[]>([])
  const [collecting, setCollecting] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  // centre/today: null until heard (the screen then uses the defaults, as the server's check does).
  const [settings, setSettings] = useState<DaySettings | null>(null)
  const names = useRef(new Map<string, HTMLHeadingElement>())
  // Taps made on the list drawn before the door's parts loaded: kept by the outbox once they have.
  const held = useRef<{ event: AttendanceEvent; words: string }[]>([])

  useEffect(() => {
    let live = true
    ;(given ?? getDoorRuntime(staffUid)).then(
      (loaded) => live && setRuntime(loaded),
      (error: unknown) => {
        console.warn('The door could not be opened', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [given, staffUid])

  useEffect(() => {
    if (!runtime) return
    const onError = (error: Error) => {
      console.warn('Today’s lists could not be followed', error)
      setFailed(true)
    }
    const stops = [
      runtime.port.watchChildren(
        rosterDay,
        (seen) => {
          setChildren(seen)
          setHeard((before) => (before.children ? before : { ...before, children: true }))
        },
        onError,
      ),
      runtime.port.watchDay(
        day,
        (seen) => {
          setEvents(seen.items)
          setHeard((before) => (before.events ? before : { ...before, events: true }))
        },
        onError,
      ),
      runtime.port.watchMessages(
        day,
        (seen) => {
          setMessages(seen.items)
          setHeard((before) => (before.messages ? before : { ...before, messages: true }))
        },
        onError,
      ),
      runtime.outbox.watch((next) => {
        setJobs(next)
        setJobsHeard(true)
      }),
    ]
    return () => {
      for (const stop of stops) stop()
    }
  }, [runtime, day, rosterDay])

  useEffect(() => {
    if (!runtime) return
    return runtime.port.watchDaySettings(setSettings, (error) =>
      console.warn('The day’s settings could not be followed', error),
    )
  }, [runtime])

  // Jobs on this device and no snapshot that drew them (door-hint.ts): the list waits for the outbox's
  // own, or its rows would move under the next tap once they came (decision 0088).
  // An earlier day's snapshot waits for nothing: this device's taps of today would be in today's
  // snapshot (kept at once when the app is put away), and its jobs of another day are not drawn here.
  const [waitForJobs] = useState(() => snapshot === null && hinted(ATTENDANCE_HINT_KEY))
  const started = useMemo(
    () => children && { ...children, items: children.items.filter((child) => child.startDate <= day) },
    [children, day],
  )
  const listed = waitForJobs && !jobsHeard ? undefined : started
  // The list on screen: said once the frame that shows it has been drawn (a task after its paint).
  const shown = listed !== undefined
  useEffect(() => {
    if (!shown || !onListDrawn) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onListDrawn, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [shown, onListDrawn])
  // The snapshot's taps and jobs until the outbox's own are heard.
  const drawnPending = useMemo(() => (jobsHeard ? NONE : (snapshot?.pending ?? NONE)), [jobsHeard, snapshot])
  // The next open's first render: the lists and this device's events not yet heard back, as drawn
  // (decision 0088); in an idle moment (not in a tap's frame), or at once when the app is put away; for
  // this account and day only.
  useEffect(() => {
    // The lists as drawn: all three heard, or the snapshot's of the day where one has not answered yet
    // (offline, the places wait for the server: the snapshot is then kept with this device's new
    // taps). An earlier day's gave the children only: the day's lists must answer first.
    const listsKnown =
      (snapshot !== null && !snapshot.earlier) || (heard.children && heard.events && heard.messages)
    if (!listsKnown || !children || !jobsHeard) return
    const sent = new Set(events.map((event) => event.id))
    const pending = [
      ...taps,
      ...jobs.filter((job) => job.state !== 'failed').map((job) => job.payload.event),
    ].filter((event) => !sent.has(attendanceEventId(event.kidId, event.day, event.kind)))
    const next: KeptDoor = {
      uid: staffUid,
      day,
      through: rosterDay,
      children: children.items,
      events,
      messages,
      pending,
    }
    let written = false
    const write = () => {
      if (written) return
      written = true
      writeDoorSnapshot(next)
    }
    const timer = setTimeout(write, SNAPSHOT_WAIT_MS)
    // The app put away or closed within that second (a tap, then the phone in a pocket): kept now.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') write()
    }
    document.addEventListener('visibilitychange', onHidden)
    addEventListener('pagehide', write)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onHidden)
      removeEventListener('pagehide', write)
    }
  }, [heard, snapshot, children, events, messages, staffUid, day, rosterDay, jobsHeard, jobs, taps])

  useEffect(() => {
    if (!runtime) return
    for (const { event, words } of held.current.splice(0)) keep(runtime, event, words)
  }, [runtime])

  // Followed again only when the children listed change, not at every snapshot of them.
  const idsKey = (started?.items ?? []).map((c) => c.kidId).join(',')
  useEffect(() => {
    if (!runtime || idsKey === '') return
    return runtime.port.watchCodeChecks(idsKey.split(','), setChecks, (error) =>
      console.warn('The collection codes could not be followed', error),
    )
  }, [runtime, idsKey])

  const offset = lastClockOffset(events, staffUid)
  useEffect(() => runtime?.noteClockOffset(offset), [runtime, offset])

  const view = useMemo(
    () =>
      todayView({
        children: started?.items ?? [],
        events: events.filter((e) => e.day === day),
        jobs: jobs.filter((j) => j.payload.event.day === day),
        taps: [...drawnPending, ...taps].filter((t) => t.day === day),
        messages,
        now,
        notSeenAt: (settings ?? DEFAULT_DAY_SETTINGS).notSeenAt,
      }),
    [started, events, jobs, taps, drawnPending, messages, now, day, settings],
  )

  // The rows stay where the door drew them (decision 0094): an arrival no longer moves a 'Not seen
  // yet' row down under a finger. Ordered again once the day's state is known, and at the 'not seen'
  // time, when those not seen go to the top.
  const dayKnown = (snapshot !== null && !snapshot.earlier) || (heard.events && heard.messages)
  const rows = useHeldOrder(view.rows, listed ? `${day} ${view.late} ${dayKnown}` : null, rowId)

  function keep(runtime: DoorRuntime, event: AttendanceEvent, words: string) {
    runtime.outbox.record(event).then(
      () => crossOutDoorTap(staffUid, event),
      (error: unknown) => {
        console.warn('The event could not be kept on this device', error)
        crossOutDoorTap(staffUid, event)
        setTaps((before) => before.filter((t) => t !== event))
        setAnnouncement(`${words.replace(/\.$/, '')} could not be kept on this device. Please try again.`)
      },
    )
  }

  function record(event: AttendanceEvent, words: string) {
    // Noted on the device in the tap itself: the outbox's write takes a moment, and a page left meanwhile
    // lost it (decision 0089); the door's next start gives the outbox what the note still holds.
    noteDoorTap(staffUid, event)
    writeAttendanceHint(doorWaiting(staffUid, jobs))
    // Drawn at once; the outbox keeps it on the device and sends it (once it has loaded).
    setTaps((before) => [...before, event])
    setAnnouncement(words)
    if (runtime) keep(runtime, event, words)
    else held.current.push({ event, words })
  }

  function arrive(child: DoorChild) {
    const event = newArrival({
      kidId: child.kidId,
      userRef: child.userRef,
      recordedBy: staffUid,
      deviceAt: Date.now(),
    })
    record(event, `${child.kidName} arrived at ${centreTime(event.deviceAt)}.`)
  }

  function collect(child: DoorChild, collector: Collector) {
    const event = newCollection({
      kidId: child.kidId,
      userRef: child.userRef,
      recordedBy: staffUid,
      deviceAt: Date.now(),
      collector,
    })
    setCollecting(null)
    record(
      event,
      `${child.kidName} collected by ${collector.name} (${collector.relation}) at ${centreTime(event.deviceAt)}.`,
    )
    names.current.get(child.kidId)?.focus()
  }

  const warning = clockWarning(offset)
  const { counts } = view

  return (
    <section className="today" aria-labelledby="today-heading">
      <div className="centre-section-head">
        <h2 id="today-heading">Today</h2>
        <p className="centre-muted">{formatDay(day)}</p>
      </div>
      <ul className="today-counts" aria-label="Today's counts">
        <li>
          <strong>{counts.here}</strong> here
        </li>
        <li>
          <strong>{counts.expected}</strong> expected
        </li>
        <li>
          <strong>{counts.away}</strong> away
        </li>
        <li>
          <strong>{counts.gone}</strong> gone home
        </li>
      </ul>
      {warning && (
        <p className="notice notice--error" role="alert">
          {warning}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {failed && (
        <p className="notice notice--error" role="alert">
          Today’s list could not be loaded. Please sign in again or try later.
        </p>
      )}
      {!listed && !failed && <p className="centre-muted">Loading today’s children…</p>}
      {listed && rows.length === 0 && <p className="centre-muted">No child’s place has started yet.</p>}
      <ul className="today-list">
        {(listed ? rows : []).map((row) => (
          <li key={row.child.kidId} className={`today-row today-row--${row.status}`}>
            <div className="today-row__main">
              <div className="today-row__who">
                <h3
                  tabIndex={-1}
                  ref={(node) => {
                    if (node) names.current.set(row.child.kidId, node)
                    else names.current.delete(row.child.kidId)
                  }}
                >
                  {row.child.kidName}
                </h3>
                <p className="today-status">{statusLine(row)}</p>
                {row.away && <p className="today-told">{tellSummary(row.away)}</p>}
                {row.someoneElse.map((message) => (
                  <p key={message.id} className="today-told">
                    {tellSummary(message)}
                  </p>
                ))}
                {row.child.mustNotCollect && row.status !== 'gone' && (
                  <p className="today-must-not-line">
                    <strong>Must not collect:</strong> {row.child.mustNotCollect}
                  </p>
                )}
                {row.failures.map((failure) => (
                  <p key={failure.jobId} className="centre-problem" role="alert">
                    {failure.error}{' '}
                    <button
                      type="button"
                      className="centre-text-button"
                      onClick={() => void runtime?.outbox.dismiss(failure.jobId)}
                    >
                      Dismiss
                    </button>
                  </p>
                ))}
              </div>
              <div className="today-row__actions">
                {!row.arrival && (
                  <button
                    type="button"
                    className="button button--primary"
                    aria-label={`Arrived: ${row.child.kidName}`}
                    onClick={() => arrive(row.child)}
                  >
                    Arrived
                  </button>
                )}
                {row.arrival && !row.collection && (
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`Collected: ${row.child.kidName}`}
                    aria-expanded={collecting === row.child.kidId}
                    onClick={() => setCollecting(collecting === row.child.kidId ? null : row.child.kidId)}
                  >
                    Collected
                  </button>
                )}
              </div>
            </div>
            {collecting === row.child.kidId && (
              <CollectPanel
                row={row}
                verifiers={checks.get(row.child.kidId)}
                onRecord={(collector) => collect(row.child, collector)}
                onCancel={() => setCollecting(null)}
              />
            )}
          </li>
        ))}
      </ul>
      {runtime && (
        <RegisterPanel
          port={runtime.port}
          today={day}
          keptMonths={(settings ?? DEFAULT_DAY_SETTINGS).registerMonths}
        />
      )}
      {runtime && settings && <DaySettingsForm port={runtime.port} settings={settings} />}
    </section>
  )
}

function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
}

function markWords(mark: DoorMark): string {
  const notes = [
    mark.pending ? 'on this device, not sent yet' : null,
    mark.clockOff ? 'recorded on a clock more than 10 minutes off, time corrected' : null,
  ].filter(Boolean)
  return notes.length ? ` (${notes.join('; ')})` : ''
}

function statusLine(row: DoorRow): string {
  const { arrival, collection } = row
  if (!arrival) return row.away ? 'Away today' : row.notSeen ? 'Not seen yet' : 'Expected'
  const arrived = `Arrived at ${centreTime(arrival.at)}${markWords(arrival)}`
  if (!collection?.collector) return arrived
  const who = collection.collector
  return `${arrived}. Collected by ${who.name} (${who.relation}) at ${centreTime(collection.at)}${markWords(collection)}`
}
