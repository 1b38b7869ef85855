// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { writeOutboxHint } from '#parent/kids/outbox/outbox-hint'
import { WAIT } from '#testing/timeouts'
import { startOutboxIfPending } from './start-outbox'

const startOutbox = vi.fn()
vi.mock('#parent/kids/outbox/outbox-runtime', () => ({ startOutbox: () => startOutbox() }))

beforeEach(() => {
  localStorage.clear()
  startOutbox.mockClear()
})

describe('starting the outbox with the app', () => {
  it('does not load the sender when nothing waits', async () => {
    startOutboxIfPending()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startOutbox).not.toHaveBeenCalled()
  })

  it('starts the sender at start-up when something waits', async () => {
    writeOutboxHint(1)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1), WAIT)
  })
})
