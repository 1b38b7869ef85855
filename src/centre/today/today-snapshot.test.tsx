// Today drawn from the door's snapshot (decision 0084): this account's list of the day in the first
// render, before the door's parts have loaded; never another account's; a tap on it kept by the outbox
// once they load; the live list takes over and is kept as the next snapshot. Once it is on screen the
// page says so (onListDrawn: Firebase waits for it at the door opened from the device, decision 0092).
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import { type KeptDoor, readDoorSnapshot, writeDoorSnapshot } from '#shared/device/door-snapshot'
import type { Job } from '#shared/outbox/job'
import {
  type AttendanceEvent,
  attendanceEventId,
  centreDay,
  doorRosterThrough,
  newArrival,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import { newRandomId } from '#shared/records/ids'
import { addDays } from '#shared/records/registration-record'
import { createFakeAttendance, FakeAttendanceServer } from '#testing/backend/fake-attendance-ports'
import { type AttendancePayload, attendanceJobId } from './attendance-kind'
import { writeAttendanceHint } from './door-hint'
import type { DoorOutbox } from './door-outbox'
import type { DoorRuntime } from './door-runtime'
import { TodayPage } from './today-page'

const today = centreDay(Date.now())

function child(kidName: string, startDate: string = addDays(today, -10)): DoorChild {
  return {
    kidId: newRandomId(),
    userRef: `parent-${newRandomId(6)}`,
    kidName,
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate,
    collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
    mustNotCollect: '',
  }
}

/** An attendance job as the door's outbox holds it, not yet sent. */
function queuedJob(event: AttendanceEvent, seq: number): Job<AttendancePayload> {
  return {
    id: attendanceJobId(event),
    seq,
    rev: 0,
    kind: 'attendance',
    owner: 'staff-1',
    state: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: event.deviceAt,
    error: null,
    payload: { event },
  }
}

/** The door's parts, loaded when the test says; `queued`: arrivals and collections its outbox holds. */
function laterRuntime(server: FakeAttendanceServer, queued: readonly AttendanceEvent[] = []) {
  const recorded: AttendanceEvent[] = []
  const outbox: DoorOutbox = {
    record: async (event) => {
      recorded.push(event)
    },
    watch: (listener) => {
      listener(queued.map(queuedJob))
      return () => undefined
    },
    dismiss: async () => undefined,
    close: () => undefined,
  }
  let load: (runtime: DoorRuntime) => void = () => undefined
  const runtime = new Promise<DoorRuntime>((resolve) => {
    load = resolve
  })
  return {
    runtime,
    recorded,
    load: () => load({ port: createFakeAttendance(server), outbox, noteClockOffset: () => undefined }),
  }
}

afterEach(() => localStorage.clear())

/** The door's snapshot of staff-1 kept today (or on `day`), with these children and nothing else unless said. */
function keepSnapshot(children: DoorChild[], more: Partial<KeptDoor> = {}) {
  const day = more.day ?? today
  writeDoorSnapshot({
    uid: 'staff-1',
    day,
    through: doorRosterThrough(day),
    children,
    events: [],
    messages: [],
    pending: [],
    ...more,
  })
}

/** An arrival as the server holds it, recorded on `day` by another device. */
function storedArrival(kid: DoorChild, day: string): StoredAttendanceEvent {
  const event = { ...arrivalOf(kid), day, recordedBy: 'staff-2' }
  return { ...event, id: attendanceEventId(kid.kidId, day, 'arrival'), sentAt: 1, serverAt: 2 }
}

/** An arrival tapped now by staff-1. */
function arrivalOf(kid: DoorChild): AttendanceEvent {
  return newArrival({ kidId: kid.kidId, userRef: kid.userRef, recordedBy: 'staff-1', deviceAt: Date.now() })
}

describe('Today from the door’s snapshot', () => {
  it('draws this account’s list of the day at once, keeps a tap made on it, and the live list takes over', async () => {
    const amara = child('Amara Obi')
    keepSnapshot([amara])
    const server = new FakeAttendanceServer()
    const bisi = child('Bisi Ade')
    server.children = [amara, bisi]
    const door = laterRuntime(server)
    const user = userEvent.setup()
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    // The first render: the snapshot's list, no 'Loading'.
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 })).toBeInTheDocument()
    expect(screen.queryByText('Loading today’s children…')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Arrived: Amara Obi' }))
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 }).nextSibling).toHaveTextContent(
      /^Arrived at/,
    )
    expect(door.recorded).toEqual([])
    await act(async () => door.load())
    // Kept by the outbox once it has loaded, once.
    await waitFor(() =>
      expect(door.recorded.map((e) => [e.kidId, e.kind])).toEqual([[amara.kidId, 'arrival']]),
    )
    // The live list takes over, and becomes the next snapshot.
    expect(await screen.findByRole('heading', { name: 'Bisi Ade', level: 3 })).toBeInTheDocument()
    await waitFor(() =>
      expect(readDoorSnapshot('staff-1', today)?.children.map((c) => c.kidName)).toEqual([
        'Amara Obi',
        'Bisi Ade',
      ]),
    )
  })

  it('draws its own taps not yet sent as it drew them, and keeps them in the next snapshot', async () => {
    const amara = child('Amara Obi')
    const bisi = child('Bisi Ade')
    // Amara was tapped in offline before the tab closed: her arrival is a job still on the device.
    const tapped = arrivalOf(amara)
    keepSnapshot([amara, bisi], { pending: [tapped] })
    const server = new FakeAttendanceServer()
    server.children = [amara, bisi]
    const door = laterRuntime(server, [tapped])
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    // The first render: Amara arrived (not expected, and not moved once the outbox has loaded).
    const status = () => screen.getByRole('heading', { name: 'Amara Obi', level: 3 }).nextSibling
    expect(status()).toHaveTextContent(/^Arrived at/)
    await act(async () => door.load())
    expect(status()).toHaveTextContent(/^Arrived at/)
    // The next snapshot keeps it while the outbox holds it.
    await waitFor(() => expect(readDoorSnapshot('staff-1', today)?.pending).toEqual([tapped]))
    expect(door.recorded).toEqual([])
  })

  it('keeps a tap in the snapshot at once when the app is closed within the second', async () => {
    const amara = child('Amara Obi')
    keepSnapshot([amara])
    const server = new FakeAttendanceServer()
    server.children = [amara]
    const door = laterRuntime(server)
    const user = userEvent.setup()
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    await act(async () => door.load())
    await waitFor(() => expect(door.recorded).toEqual([]))
    await user.click(screen.getByRole('button', { name: 'Arrived: Amara Obi' }))
    await waitFor(() => expect(door.recorded).toHaveLength(1))
    // Not yet: the snapshot waits a second after the last change, out of the tap's frame.
    expect(readDoorSnapshot('staff-1', today)?.pending).toEqual([])
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    expect(readDoorSnapshot('staff-1', today)?.pending.map((e) => [e.kidId, e.kind])).toEqual([
      [amara.kidId, 'arrival'],
    ])
  })

  it('with jobs on the device and no snapshot, lists the children only with them, so no row moves', async () => {
    const amara = child('Amara Obi')
    const tapped = arrivalOf(amara)
    writeAttendanceHint(1)
    const server = new FakeAttendanceServer()
    server.children = [amara]
    let tell: (jobs: readonly Job<AttendancePayload>[]) => void = () => undefined
    const door = laterRuntime(server)
    const runtime = door.runtime.then((loaded) => ({
      ...loaded,
      outbox: {
        ...loaded.outbox,
        watch: (listener: (jobs: readonly Job<AttendancePayload>[]) => void) => {
          tell = listener
          return () => undefined
        },
      },
    }))
    render(<TodayPage staffUid="staff-1" runtime={runtime} />)
    await act(async () => door.load())
    // The list has answered; the outbox has not yet.
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
    act(() => tell([queuedJob(tapped, 0)]))
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 }).nextSibling).toHaveTextContent(
      /^Arrived at/,
    )
  })

  it('says when its list is on screen, once, a frame after it was drawn from the snapshot', async () => {
    keepSnapshot([child('Amara Obi')])
    const door = laterRuntime(new FakeAttendanceServer())
    const drawn = vi.fn()
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} onListDrawn={drawn} />)
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 })).toBeInTheDocument()
    // Not in the render that drew it: after the frame that shows it.
    expect(drawn).not.toHaveBeenCalled()
    await waitFor(() => expect(drawn).toHaveBeenCalledTimes(1))
    // The door's parts and the live list, once they come, do not say it again.
    await act(async () => door.load())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(drawn).toHaveBeenCalledTimes(1)
  })

  it('does not say it while it waits for the list (no snapshot)', async () => {
    const door = laterRuntime(new FakeAttendanceServer())
    const drawn = vi.fn()
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} onListDrawn={drawn} />)
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(drawn).not.toHaveBeenCalled()
  })

  it('never draws another account’s snapshot', async () => {
    keepSnapshot([child('Amara Obi')])
    const door = laterRuntime(new FakeAttendanceServer())
    render(<TodayPage staffUid="staff-2" runtime={door.runtime} />)
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
    // The control: the same snapshot for its own account.
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 })).toBeInTheDocument()
  })

  it('on the day’s first open draws yesterday’s children alone, from their first day; the day’s lists take over', async () => {
    const yesterday = addDays(today, -1)
    const amara = child('Amara Obi')
    // Listed ahead yesterday: one starts today, one in three days.
    const bisi = child('Bisi Ade', today)
    const tobi = child('Tobi Obi', addDays(today, 3))
    keepSnapshot([amara, bisi, tobi], {
      day: yesterday,
      // Yesterday's arrival and a tap of yesterday's are not today's.
      events: [storedArrival(amara, yesterday)],
      pending: [{ ...arrivalOf(bisi), day: yesterday }],
    })
    // Yesterday's tap still waits on the device (its hint raised): it is not today's, nothing waits for it.
    writeAttendanceHint(1)
    const server = new FakeAttendanceServer()
    server.children = [amara, bisi, tobi]
    // Today Amara was let in at another door already.
    const arrived = storedArrival(amara, today)
    server.events.set(arrived.id, arrived)
    const door = laterRuntime(server)
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    // The first render: the children whose place has started, each expected; no 'Loading'.
    expect(screen.queryByText('Loading today’s children…')).not.toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Amara Obi',
      'Bisi Ade',
    ])
    expect(screen.getByRole('button', { name: 'Arrived: Amara Obi' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Arrived: Bisi Ade' })).toBeInTheDocument()
    // A second on, the day's lists not heard: yesterday's is not kept as today's (its events are not known).
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(readDoorSnapshot('staff-1', today)?.earlier).toBe(true)
    await act(async () => door.load())
    // The day's lists take over: Amara arrived, the same rows.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 }).nextSibling).toHaveTextContent(
        /^Arrived at/,
      ),
    )
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2)
    // Then kept as today's, Tobi with them for his first day.
    await waitFor(() => expect(readDoorSnapshot('staff-1', today)?.earlier).toBe(false))
    const kept = readDoorSnapshot('staff-1', today)
    expect(kept?.children.map((c) => c.kidName)).toEqual(['Amara Obi', 'Bisi Ade', 'Tobi Obi'])
    expect(kept?.events.map((e) => e.id)).toEqual([arrived.id])
    expect(kept?.through).toBe(doorRosterThrough(today))
  })

  it('does not draw one kept past its roster’s last day', () => {
    keepSnapshot([child('Amara Obi')], { day: addDays(today, -15) })
    render(<TodayPage staffUid="staff-1" runtime={laterRuntime(new FakeAttendanceServer()).runtime} />)
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
  })
})

vi.setConfig({ testTimeout: 20_000 })
