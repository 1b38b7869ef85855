// Today drawn from the door's snapshot (decision 0084): this account's list of the day in the first
// render, before the door's parts have loaded; never another account's; a tap on it kept by the outbox
// once they load; the live list takes over and is kept as the next snapshot.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import { readDoorSnapshot, writeDoorSnapshot } from '#shared/device/door-snapshot'
import { type AttendanceEvent, centreDay } from '#shared/records/attendance-record'
import { newRandomId } from '#shared/records/ids'
import { addDays } from '#shared/records/registration-record'
import { createFakeAttendance, FakeAttendanceServer } from '#testing/backend/fake-attendance-ports'
import type { DoorOutbox } from './door-outbox'
import type { DoorRuntime } from './door-runtime'
import { TodayPage } from './today-page'

const today = centreDay(Date.now())

function child(kidName: string): DoorChild {
  return {
    kidId: newRandomId(),
    userRef: `parent-${newRandomId(6)}`,
    kidName,
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate: addDays(today, -10),
    collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
    mustNotCollect: '',
  }
}

/** The door's parts, loaded when the test says. */
function laterRuntime(server: FakeAttendanceServer) {
  const recorded: AttendanceEvent[] = []
  const outbox: DoorOutbox = {
    record: async (event) => {
      recorded.push(event)
    },
    watch: (listener) => {
      listener([])
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

describe('Today from the door’s snapshot', () => {
  it('draws this account’s list of the day at once, keeps a tap made on it, and the live list takes over', async () => {
    const amara = child('Amara Obi')
    writeDoorSnapshot({ uid: 'staff-1', day: today, children: [amara], events: [], messages: [] })
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

  it('never draws another account’s snapshot', async () => {
    writeDoorSnapshot({
      uid: 'staff-1',
      day: today,
      children: [child('Amara Obi')],
      events: [],
      messages: [],
    })
    const door = laterRuntime(new FakeAttendanceServer())
    render(<TodayPage staffUid="staff-2" runtime={door.runtime} />)
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
    // The control: the same snapshot for its own account.
    render(<TodayPage staffUid="staff-1" runtime={door.runtime} />)
    expect(screen.getByRole('heading', { name: 'Amara Obi', level: 3 })).toBeInTheDocument()
  })

  it('does not draw yesterday’s', () => {
    writeDoorSnapshot({
      uid: 'staff-1',
      day: addDays(today, -1),
      children: [child('Amara Obi')],
      events: [],
      messages: [],
    })
    render(<TodayPage staffUid="staff-1" runtime={laterRuntime(new FakeAttendanceServer()).runtime} />)
    expect(screen.getByText('Loading today’s children…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
  })
})

vi.setConfig({ testTimeout: 20_000 })
