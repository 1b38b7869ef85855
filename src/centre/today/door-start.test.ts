// @vitest-environment jsdom
// Attendance jobs left on a staff device go from any page's start (door-start.ts, loaded by the app's
// open-outboxes.ts when the door's hint is there): no /centre opened, the job still reaches the server,
// and the hint goes once nothing waits.
import { describe, expect, it, vi } from 'vitest'
import { provideBackend } from '#shared/backend/backend'
import { doorTapsOf, noteDoorTap } from '#shared/device/door-taps'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'
import { newArrival } from '#shared/records/attendance-record'
import { newRandomId } from '#shared/records/ids'
import { doorChild } from '#testing/backend/fake-attendance-ports'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { WAIT } from '#testing/timeouts'
import { ATTENDANCE_KIND, type AttendancePayload, attendanceJobId } from './attendance-kind'
import { ATTENDANCE_HINT_KEY, writeAttendanceHint } from './door-hint'
import { startDoorOutbox } from './door-start'

/** A member of staff signed in on the fake backend, with one child whose place has started. */
function doorWorld(staffUid: string, userRef: string) {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs({ uid: staffUid, email: `${staffUid}@sunbeam.test`, displayName: 'Sam' })
  const kidId = newRandomId()
  backend.attendance.children.push(doorChild({ kidId, userRef }))
  provideBackend(async () => backend)
  return { backend, kidId }
}

describe('the door’s jobs from any start', () => {
  it('sends an arrival left on the device once the staff account is known, then drops the hint', async () => {
    const { backend, kidId } = doorWorld('staff-1', 'parent-1')
    // Left by the door's tab: the job on the device (no kind registered in this start yet), the hint.
    const event = newArrival({ kidId, userRef: 'parent-1', recordedBy: 'staff-1', deviceAt: Date.now() })
    const engine = await getSharedOutbox()
    await engine.add<AttendancePayload>({
      id: attendanceJobId(event),
      kind: ATTENDANCE_KIND,
      owner: 'staff-1',
      payload: { event },
    })
    writeAttendanceHint(1)
    expect(backend.attendance.events.size).toBe(0)

    await startDoorOutbox()
    await vi.waitFor(() => expect(backend.attendance.events.has(attendanceJobId(event))).toBe(true), WAIT)
    await vi.waitFor(() => expect(localStorage.getItem(ATTENDANCE_HINT_KEY)).toBeNull(), WAIT)
    expect(await engine.list(ATTENDANCE_KIND)).toEqual([])
  })
  it('sends a tap whose page was left before the outbox held it (decision 0089), once', async () => {
    const { backend, kidId } = doorWorld('staff-2', 'parent-2')
    // Left by the door's tab: the tap noted and the hint raised, the outbox's write never made.
    const event = newArrival({ kidId, userRef: 'parent-2', recordedBy: 'staff-2', deviceAt: Date.now() })
    noteDoorTap('staff-2', event)
    writeAttendanceHint(1)
    const engine = await getSharedOutbox()
    expect(await engine.list(ATTENDANCE_KIND, 'staff-2')).toEqual([])

    await startDoorOutbox()
    await vi.waitFor(() => expect(backend.attendance.events.has(attendanceJobId(event))).toBe(true), WAIT)
    await vi.waitFor(() => expect(localStorage.getItem(ATTENDANCE_HINT_KEY)).toBeNull(), WAIT)
    expect(doorTapsOf('staff-2')).toEqual([])
    expect(await engine.list(ATTENDANCE_KIND)).toEqual([])
    expect(backend.attendance.events.size).toBe(1)
  })
})
