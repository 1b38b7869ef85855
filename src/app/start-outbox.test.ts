// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ATTENDANCE_KIND } from '#centre/today/attendance-kind'
import { ATTENDANCE_HINT_KEY, writeAttendanceHint } from '#centre/today/door-hint'
import { LEGACY_PENDING_KEY } from '#marketing/legacy-inquiries'
import { writeOutboxHint } from '#parent/outbox/outbox-hint'
import { JOBS_HINT_KEY, writeJobsHint } from '#shared/outbox/outbox-hint'
import { WAIT } from '#testing/timeouts'
import { DOOR_KIND, ATTENDANCE_HINT_KEY as OPEN_OUTBOXES_DOOR_HINT, VISITOR_KIND } from './open-outboxes'
import { startOutboxIfPending } from './start-outbox'

const startOutbox = vi.fn()
const startInquiries = vi.fn()
const startDoorOutbox = vi.fn()
vi.mock('#parent/outbox/outbox-runtime', () => ({ startOutbox: () => startOutbox() }))
vi.mock('#marketing/inquiry-kind', () => ({ startInquiries: () => startInquiries() }))
vi.mock('#centre/today/door-start', () => ({ startDoorOutbox: () => startDoorOutbox() }))

beforeEach(() => {
  localStorage.clear()
  startOutbox.mockClear()
  startInquiries.mockClear()
  startDoorOutbox.mockClear()
})

describe('starting the outbox with the app', () => {
  it('does not load the sender when nothing waits', async () => {
    startOutboxIfPending()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startOutbox).not.toHaveBeenCalled()
    expect(startInquiries).not.toHaveBeenCalled()
    expect(startDoorOutbox).not.toHaveBeenCalled()
  })

  it('starts the sender at start-up when something waits', async () => {
    writeOutboxHint(1)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1), WAIT)
    expect(startInquiries).not.toHaveBeenCalled()
  })

  it("starts the outbox engine's kinds when its jobs wait, or an older version's messages", async () => {
    writeJobsHint({ reply: 1, inquiry: 1 })
    startOutboxIfPending()
    await vi.waitFor(() => expect(startInquiries).toHaveBeenCalledTimes(1), WAIT)
    // A parent's jobs (replies) need the parent's runtime, which binds the account.
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1), WAIT)
    startOutbox.mockClear()
    localStorage.clear()
    localStorage.setItem(LEGACY_PENDING_KEY, '[]')
    startOutboxIfPending()
    await vi.waitFor(() => expect(startInquiries).toHaveBeenCalledTimes(2), WAIT)
    expect(startOutbox).not.toHaveBeenCalled()
  })

  it('starts only the senders of the kinds that wait (decision 0090)', async () => {
    // A visitor's message alone: Quick Inquire's sender, not the parent's runtime.
    writeJobsHint({ inquiry: 1 })
    startOutboxIfPending()
    await vi.waitFor(() => expect(startInquiries).toHaveBeenCalledTimes(1), WAIT)
    // A parent's child alone: the parent's runtime, not Quick Inquire's.
    localStorage.clear()
    writeJobsHint({ child: 2 })
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1), WAIT)
    // The door's jobs alone (with the door's own hint): the door's sender only.
    localStorage.clear()
    writeJobsHint({ attendance: 3 })
    writeAttendanceHint(3)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startDoorOutbox).toHaveBeenCalledTimes(1), WAIT)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startOutbox).toHaveBeenCalledTimes(1)
    expect(startInquiries).toHaveBeenCalledTimes(1)
    // An earlier version's hint, a count alone, says no kind: every sender starts, as then.
    localStorage.clear()
    localStorage.setItem(JOBS_HINT_KEY, '2')
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(2), WAIT)
    await vi.waitFor(() => expect(startInquiries).toHaveBeenCalledTimes(2), WAIT)
  })

  it('names the kinds and the door’s hint as their own modules do', async () => {
    const { INQUIRY_KIND } =
      await vi.importActual<typeof import('#marketing/inquiry-kind')>('#marketing/inquiry-kind')
    expect(VISITOR_KIND).toBe(INQUIRY_KIND)
    expect(DOOR_KIND).toBe(ATTENDANCE_KIND)
    expect(OPEN_OUTBOXES_DOOR_HINT).toBe(ATTENDANCE_HINT_KEY)
  })

  it('starts the door’s kind when a staff device’s arrivals and collections wait, and only then', async () => {
    writeAttendanceHint(2)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startDoorOutbox).toHaveBeenCalledTimes(1), WAIT)
    // The door's hint alone loads neither the parent's runtime nor Quick Inquire's.
    expect(startOutbox).not.toHaveBeenCalled()
    expect(startInquiries).not.toHaveBeenCalled()
    // The control: a parent's or a visitor's jobs do not load the door.
    localStorage.clear()
    writeJobsHint({ reply: 1, inquiry: 1 })
    startOutboxIfPending()
    await vi.waitFor(() => expect(startInquiries).toHaveBeenCalledTimes(1), WAIT)
    expect(startDoorOutbox).toHaveBeenCalledTimes(1)
  })
})
