// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LEGACY_PENDING_KEY } from '#marketing/legacy-inquiries'
import { writeOutboxHint } from '#parent/outbox/outbox-hint'
import { writeJobsHint } from '#shared/outbox/outbox-hint'
import { WAIT } from '#testing/timeouts'
import { startOutboxIfPending } from './start-outbox'

const startOutbox = vi.fn()
const startInquiries = vi.fn()
vi.mock('#parent/outbox/outbox-runtime', () => ({ startOutbox: () => startOutbox() }))
vi.mock('#marketing/inquiry-kind', () => ({ startInquiries: () => startInquiries() }))

beforeEach(() => {
  localStorage.clear()
  startOutbox.mockClear()
  startInquiries.mockClear()
})

describe('starting the outbox with the app', () => {
  it('does not load the sender when nothing waits', async () => {
    startOutboxIfPending()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startOutbox).not.toHaveBeenCalled()
    expect(startInquiries).not.toHaveBeenCalled()
  })

  it('starts the sender at start-up when something waits', async () => {
    writeOutboxHint(1)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1), WAIT)
    expect(startInquiries).not.toHaveBeenCalled()
  })

  it("starts the outbox engine's kinds when its jobs wait, or an older version's messages", async () => {
    writeJobsHint(1)
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
})
