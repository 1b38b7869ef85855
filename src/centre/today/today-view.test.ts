import { describe, expect, it } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import type { Job } from '#shared/outbox/job'
import { newArrival, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import type { AttendancePayload } from './attendance-kind'
import { lastClockOffset, todayView } from './today-view'

const child = (kidId: string, kidName: string): DoorChild => ({
  kidId,
  userRef: 'parent-1',
  kidName,
  parentName: 'Ada Obi',
  parentPhone: '+234 802 555 0101',
  startDate: '2026-01-05',
  collectors: [],
  mustNotCollect: '',
})

// 2026-12-07 at the centre (UTC+1): 08:00 and 11:00.
const EIGHT = Date.UTC(2026, 11, 7, 7)
const ELEVEN = Date.UTC(2026, 11, 7, 10)

const stored = (kidId: string, at: number, offset: number): StoredAttendanceEvent => ({
  ...newArrival({ kidId, userRef: 'parent-1', recordedBy: 'staff-1', deviceAt: at }),
  id: `${kidId}_2026-12-07_arrival`,
  sentAt: at,
  serverAt: at + offset,
})

describe('todayView', () => {
  const children = [child('a', 'Amara'), child('b', 'Bola'), child('c', 'Chidi')]

  it('counts a job on the device as here, and lists nobody first before 10:00', () => {
    const job = {
      id: 'b_2026-12-07_arrival',
      state: 'queued',
      error: null,
      payload: {
        event: newArrival({ kidId: 'b', userRef: 'parent-1', recordedBy: 'staff-1', deviceAt: EIGHT }),
      },
    } as Job<AttendancePayload>
    const { rows, counts } = todayView({
      children,
      events: [],
      jobs: [job],
      taps: [],
      messages: [],
      now: EIGHT,
    })
    expect(counts).toEqual({ here: 1, expected: 2, away: 0, gone: 0 })
    expect(rows.map((r) => [r.child.kidName, r.status, r.notSeen])).toEqual([
      ['Amara', 'expected', false],
      ['Bola', 'here', false],
      ['Chidi', 'expected', false],
    ])
    expect(rows[1]?.arrival?.pending).toBe(true)
  })

  it('lists the children not seen after 10:00 first, and corrects a clock more than 10 minutes off', () => {
    const slow = stored('b', EIGHT, 20 * 60_000)
    const { rows } = todayView({ children, events: [slow], jobs: [], taps: [], messages: [], now: ELEVEN })
    expect(rows.map((r) => [r.child.kidName, r.notSeen])).toEqual([
      ['Amara', true],
      ['Chidi', true],
      ['Bola', false],
    ])
    expect(rows[2]?.arrival).toMatchObject({ at: EIGHT + 20 * 60_000, clockOff: true, pending: false })
    expect(lastClockOffset([slow], 'staff-1')).toBe(20 * 60_000)
    expect(lastClockOffset([slow], 'staff-2')).toBeNull()
  })

  it('uses the centre’s own time: at 08:00 with 07:30 set, the children not seen are first', () => {
    const input = { children, events: [], jobs: [], taps: [], messages: [], now: EIGHT }
    expect(todayView({ ...input, notSeenAt: '07:30' }).rows.map((r) => r.notSeen)).toEqual([true, true, true])
    // The control: at 08:00 with 08:10 set, nobody yet.
    expect(todayView({ ...input, notSeenAt: '08:10' }).rows.map((r) => r.notSeen)).toEqual([
      false,
      false,
      false,
    ])
  })
})
