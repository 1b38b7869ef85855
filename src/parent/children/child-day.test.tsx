// Today at Sunbeam on the child's page and card (issue 51; docs/decisions/0076): the door's arrival and
// collection in the centre's words, live; another family's events and another day's are not shown.
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  type AttendanceEvent,
  attendanceEventId,
  centreDay,
  newArrival,
  newCollection,
} from '#shared/records/attendance-record'
import { addDays } from '#shared/records/registration-record'
import { PARENT, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

/** An event as the door's write leaves it on the server. */
function store(event: AttendanceEvent): void {
  const id = attendanceEventId(event.kidId, event.day, event.kind)
  world().backend.attendance.events.set(id, {
    ...event,
    id,
    sentAt: event.deviceAt,
    serverAt: event.deviceAt,
  })
  world().backend.attendance.changed()
}

// 08:12 and 16:40 at the centre (Africa/Lagos, UTC+1) on the centre's today.
const today = centreDay(Date.now())
const at = (time: string) => Date.parse(`${today}T${time}:00+01:00`)
const aunt = { from: 'file', name: 'Ada Eze', relation: 'aunt', codeChecked: true } as const

describe("Today at Sunbeam: the child's page and card", () => {
  it("shows 'Arrived at 08:12', then live 'Collected by Ada Eze (aunt) at 16:40'", async () => {
    seedKid(world(), storedKid('kid1'))
    store(newArrival({ kidId: 'kid1', userRef: PARENT.uid, recordedBy: 'staff-1', deviceAt: at('08:12') }))
    world.render('/kid/kid1')
    expect(await screen.findByText('Arrived at 08:12')).toBeInTheDocument()
    expect(screen.queryByText(/^Collected/)).not.toBeInTheDocument()
    store(
      newCollection({
        kidId: 'kid1',
        userRef: PARENT.uid,
        recordedBy: 'staff-1',
        deviceAt: at('16:40'),
        collector: aunt,
      }),
    )
    expect(await screen.findByText('Collected by Ada Eze (aunt) at 16:40')).toBeInTheDocument()
    const lines = [...document.querySelectorAll('.child-day > span')].map((line) => line.textContent)
    expect(lines).toEqual(['Arrived at 08:12', 'Collected by Ada Eze (aunt) at 16:40'])
  })

  it('shows each child’s own day on its card in Your Kids, and nothing for a child not seen yet', async () => {
    seedKid(world(), storedKid('kid1', { kidName: 'Amara Obi', savedAt: 2 }))
    seedKid(world(), storedKid('kid2', { kidName: 'Bola Obi', savedAt: 1 }))
    store(newArrival({ kidId: 'kid1', userRef: PARENT.uid, recordedBy: 'staff-1', deviceAt: at('08:12') }))
    world.render('/profile')
    const amara = (await screen.findByRole('link', { name: /^Amara Obi/ })).closest('li') as HTMLElement
    expect(await within(amara).findByText('Arrived at 08:12')).toBeInTheDocument()
    const bola = screen.getByRole('link', { name: /^Bola Obi/ }).closest('li') as HTMLElement
    expect(within(bola).queryByText(/^Arrived/)).not.toBeInTheDocument()
  })

  it("shows neither yesterday's events nor another family's", async () => {
    seedKid(world(), storedKid('kid1'))
    const yesterday = addDays(today, -1)
    store({
      ...newArrival({ kidId: 'kid1', userRef: PARENT.uid, recordedBy: 'staff-1', deviceAt: at('08:12') }),
      day: yesterday,
    })
    // Another family's child, same id by chance in this fake: the query asks for this parent's only.
    store(
      newArrival({ kidId: 'kid1', userRef: 'other-parent', recordedBy: 'staff-1', deviceAt: at('09:30') }),
    )
    world.render('/kid/kid1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument()
    // A later event of this parent's own arrives: only it is shown (the listener has answered by then).
    store(
      newCollection({
        kidId: 'kid1',
        userRef: PARENT.uid,
        recordedBy: 'staff-1',
        deviceAt: at('16:40'),
        collector: aunt,
      }),
    )
    expect(await screen.findByText('Collected by Ada Eze (aunt) at 16:40')).toBeInTheDocument()
    expect(screen.queryByText(/^Arrived/)).not.toBeInTheDocument()
  })
})
