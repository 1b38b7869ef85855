// /centre/today through the app's real router and guard, on the fake backend: what the door lists and
// counts, a tap shown at once and sent through the outbox (offline too), and 'Collected' asking who.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import type { AuthUser } from '#shared/backend/backend-ports'
import { DOOR_TAPS_KEY, doorTapsOf } from '#shared/device/door-taps'
import { centreDay, collectorMessages } from '#shared/records/attendance-record'
import { codeMessages, newCodeVerifier } from '#shared/records/collection-code'
import { newRandomId } from '#shared/records/ids'
import { addDays } from '#shared/records/registration-record'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'
import { ATTENDANCE_HINT_KEY } from './door-hint'

vi.setConfig({ testTimeout: 20_000 })

const STAFF: AuthUser = { uid: 'staff-1', email: 'sam@sunbeam.test', displayName: 'Sam' }

function child(kidName: string, overrides: Partial<DoorChild> = {}): DoorChild {
  return {
    kidId: newRandomId(),
    userRef: `parent-${newRandomId(6)}`,
    kidName,
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate: addDays(centreDay(Date.now()), -10),
    collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
    mustNotCollect: '',
    ...overrides,
  }
}

function doorWorld(children: DoorChild[]) {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs(STAFF)
  backend.attendance.children = children
  return backend
}

const rowOf = (name: string) => {
  const heading = screen.getByRole('heading', { name, level: 3 })
  const row = heading.closest('li')
  if (!row) throw new Error(`No row for ${name}`)
  return row
}

const countsText = () => screen.getByRole('list', { name: "Today's counts" }).textContent

describe('/centre/today', () => {
  it('lists the children whose place has started, with counts, and a tab beside the others', async () => {
    const later = child('Tobi Later', { startDate: addDays(centreDay(Date.now()), 3) })
    const away = child('Chidi Away')
    const backend = doorWorld([child('Amara Obi'), away, later])
    backend.attendance.messages = [
      {
        id: newRandomId(),
        kidId: away.kidId,
        userRef: away.userRef,
        day: centreDay(Date.now()),
        fields: { kind: 'away', reason: 'ill', note: '' },
        deviceAt: Date.now(),
        createdAt: Date.now(),
        withdrawnAt: null,
      },
    ]
    renderRoute('/centre/today', { backend })
    expect(await screen.findByRole('heading', { name: 'Amara Obi', level: 3 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page')
    expect(screen.queryByRole('heading', { name: 'Tobi Later' })).not.toBeInTheDocument()
    expect(within(rowOf('Chidi Away')).getByText('Away today: ill')).toBeInTheDocument()
    await waitFor(() => expect(countsText()).toBe('0 here1 expected1 away0 gone home'))
  })

  it('keeps a row in place when its child arrives after the not-seen time (decision 0094)', async () => {
    // 11:30 at the centre: the children not seen yet are listed first, and a tap on one's 'Arrived'
    // moved that row down, under the finger, to its place by name.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-07T10:30:00Z'))
    try {
      const backend = doorWorld([child('Ada Obi'), child('Bola Ade'), child('Chidi Eze')])
      const user = userEvent.setup()
      renderRoute('/centre/today', { backend })
      const names = () => [...document.querySelectorAll('.today-row h3')].map((name) => name.textContent)
      await screen.findByRole('button', { name: 'Arrived: Ada Obi' })
      await waitFor(() => expect(within(rowOf('Ada Obi')).getByText('Not seen yet')).toBeInTheDocument())
      expect(names()).toEqual(['Ada Obi', 'Bola Ade', 'Chidi Eze'])
      await user.click(screen.getByRole('button', { name: 'Arrived: Ada Obi' }))
      expect(within(rowOf('Ada Obi')).getByText(/^Arrived at \d\d:\d\d/)).toBeInTheDocument()
      expect(names()).toEqual(['Ada Obi', 'Bola Ade', 'Chidi Eze'])
      await waitFor(() => expect(backend.attendance.events.size).toBe(1))
      expect(names()).toEqual(['Ada Obi', 'Bola Ade', 'Chidi Eze'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows a tap on Arrived at once, keeps it offline, and sends it when back online', async () => {
    const amara = child('Amara Obi')
    const backend = doorWorld([amara])
    backend.attendance.offline = true
    const user = userEvent.setup()
    renderRoute('/centre/today', { backend })
    const button = await screen.findByRole('button', { name: 'Arrived: Amara Obi' })
    const written = vi.spyOn(Storage.prototype, 'setItem')
    await user.click(button)
    // In the frame of the tap: no wait for the outbox or the server.
    expect(within(rowOf('Amara Obi')).getByText(/^Arrived at \d\d:\d\d/)).toBeInTheDocument()
    expect(countsText()).toBe('1 here0 expected0 away0 gone home')
    // Noted on the device in the tap itself, with the start-up hint, before the outbox's own write
    // (decision 0089); crossed out once the outbox holds it.
    const noted = written.mock.calls.find(([key]) => key === DOOR_TAPS_KEY)?.[1]
    expect(noted).toContain(amara.kidId)
    expect(written).toHaveBeenCalledWith(ATTENDANCE_HINT_KEY, '1')
    await waitFor(() => expect(doorTapsOf(STAFF.uid)).toEqual([]))
    expect(localStorage.getItem(ATTENDANCE_HINT_KEY)).toBe('1')
    await waitFor(() => expect(backend.attendance.attempts.length).toBeGreaterThan(0))
    expect(within(rowOf('Amara Obi')).getByText(/on this device, not sent yet/)).toBeInTheDocument()
    expect(backend.attendance.events.size).toBe(0)
    backend.attendance.offline = false
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(backend.attendance.events.size).toBe(1))
    const [stored] = backend.attendance.events.values()
    expect(stored).toMatchObject({
      kidId: amara.kidId,
      kind: 'arrival',
      recordedBy: STAFF.uid,
      collector: null,
    })
    await waitFor(() =>
      expect(within(rowOf('Amara Obi')).queryByText(/not sent yet/)).not.toBeInTheDocument(),
    )
  })

  it('runs from the keyboard alone: Arrived, then Collected by a person of the file whose code matches', async () => {
    const amara = child('Amara Obi', { mustNotCollect: 'Not the uncle, Chidi' })
    const backend = doorWorld([amara])
    backend.attendance.codeChecks.set(amara.kidId, [
      await newCodeVerifier({ name: 'Ada Obi', relation: 'Mother' }, '48271930', 100_000),
    ])
    const user = userEvent.setup()
    renderRoute('/centre/today', { backend })
    const arrived = await screen.findByRole('button', { name: 'Arrived: Amara Obi' })
    arrived.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(backend.attendance.events.size).toBe(1))
    const collected = await screen.findByRole('button', { name: 'Collected: Amara Obi' })
    collected.focus()
    await user.keyboard('{Enter}')
    const form = await screen.findByRole('form', { name: 'Who collects Amara Obi?' })
    expect(within(form).getByText('Not the uncle, Chidi')).toBeInTheDocument()
    // The first choice has the focus: Space picks it, Tab leaves the group for the code.
    expect(within(form).getByRole('radio', { name: 'Ada Obi (Mother)' })).toHaveFocus()
    await user.keyboard(' ')
    await user.tab()
    expect(within(form).getByRole('textbox', { name: /collection code/ })).toHaveFocus()
    await user.keyboard('1111 2222{Enter}')
    expect(await within(form).findByText(codeMessages.wrong)).toBeInTheDocument()
    expect(backend.attendance.events.size).toBe(1)
    const code = within(form).getByRole('textbox', { name: /collection code/ })
    await user.clear(code)
    await user.type(code, '4827 1930{Enter}')
    await waitFor(() => expect(backend.attendance.events.size).toBe(2))
    const stored = [...backend.attendance.events.values()].find((e) => e.kind === 'collection')
    expect(stored?.collector).toEqual({
      from: 'file',
      name: 'Ada Obi',
      relation: 'Mother',
      codeChecked: true,
    })
    expect(
      within(rowOf('Amara Obi')).getByText(/Collected by Ada Obi \(Mother\) at \d\d:\d\d/),
    ).toBeInTheDocument()
    expect(rowOf('Amara Obi').querySelector('h3')).toHaveFocus()
  })

  it('refuses someone not on the list without the parent’s permission, and records them with it', async () => {
    const amara = child('Amara Obi')
    const backend = doorWorld([amara])
    const user = userEvent.setup()
    renderRoute('/centre/today', { backend })
    await user.click(await screen.findByRole('button', { name: 'Arrived: Amara Obi' }))
    await user.click(await screen.findByRole('button', { name: 'Collected: Amara Obi' }))
    const form = await screen.findByRole('form', { name: 'Who collects Amara Obi?' })
    await user.click(within(form).getByRole('radio', { name: 'Someone else' }))
    await user.type(within(form).getByRole('textbox', { name: 'Their name' }), 'Ngozi Eze')
    await user.type(within(form).getByRole('textbox', { name: 'Relation to the child' }), 'Aunt')
    await user.type(within(form).getByRole('textbox', { name: 'Their phone' }), '0803 555 0199')
    await user.click(within(form).getByRole('button', { name: 'Record collection' }))
    expect(await within(form).findByText(collectorMessages.allowedBy)).toBeInTheDocument()
    expect(within(form).getByRole('link', { name: '+234 802 555 0101' })).toHaveAttribute(
      'href',
      'tel:+2348025550101',
    )
    await waitFor(() => expect(backend.attendance.events.size).toBe(1))
    // The control: the same person once the parent said yes on the phone.
    await user.click(within(form).getByRole('radio', { name: 'I called the parent and they said yes' }))
    await user.click(within(form).getByRole('button', { name: 'Record collection' }))
    await waitFor(() => expect(backend.attendance.events.size).toBe(2))
    const stored = [...backend.attendance.events.values()].find((e) => e.kind === 'collection')
    expect(stored?.collector).toEqual({
      from: 'other',
      name: 'Ngozi Eze',
      relation: 'Aunt',
      phone: '0803 555 0199',
      allowedBy: { how: 'call', name: 'Ada Obi', phone: '+234 802 555 0101' },
    })
  })

  it('takes the parent’s “Someone else collects today” as their permission', async () => {
    const amara = child('Amara Obi')
    const backend = doorWorld([amara])
    const messageId = newRandomId()
    backend.attendance.messages = [
      {
        id: messageId,
        kidId: amara.kidId,
        userRef: amara.userRef,
        day: centreDay(Date.now()),
        fields: {
          kind: 'someone-else',
          name: 'Ngozi Eze',
          relation: 'Aunt',
          phone: '0803 555 0199',
          note: '',
        },
        deviceAt: Date.now(),
        createdAt: Date.now(),
        withdrawnAt: null,
      },
    ]
    const user = userEvent.setup()
    renderRoute('/centre/today', { backend })
    await user.click(await screen.findByRole('button', { name: 'Arrived: Amara Obi' }))
    expect(
      within(rowOf('Amara Obi')).getByText('Someone else collects today: Ngozi Eze (Aunt), 0803 555 0199'),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Collected: Amara Obi' }))
    const form = await screen.findByRole('form', { name: 'Who collects Amara Obi?' })
    await user.click(within(form).getByRole('radio', { name: 'Someone else' }))
    await user.click(
      within(form).getByRole('radio', { name: 'The parent told us: Ngozi Eze (Aunt) collects today' }),
    )
    expect(within(form).getByRole('textbox', { name: 'Their name' })).toHaveValue('Ngozi Eze')
    await user.click(within(form).getByRole('button', { name: 'Record collection' }))
    await waitFor(() => expect(backend.attendance.events.size).toBe(2))
    const stored = [...backend.attendance.events.values()].find((e) => e.kind === 'collection')
    expect(stored?.collector).toEqual({
      from: 'other',
      name: 'Ngozi Eze',
      relation: 'Aunt',
      phone: '0803 555 0199',
      allowedBy: { how: 'message', messageId },
    })
  })
})
