// The start-up hint keeps Dexie and Firebase off pages with nothing to send (issue 5's JS budget).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OUTBOX_HINT_KEY, readOutboxHint, startOutboxIfPending, writeOutboxHint } from './outbox-hint'

const startOutbox = vi.fn()
vi.mock('./outbox-runtime', () => ({ startOutbox: () => startOutbox() }))

beforeEach(() => {
  localStorage.clear()
  startOutbox.mockClear()
})

describe('the outbox start-up hint', () => {
  it('keeps the number of waiting submissions, and nothing when there are none', () => {
    writeOutboxHint(2)
    expect(localStorage.getItem(OUTBOX_HINT_KEY)).toBe('2')
    expect(readOutboxHint()).toBe(2)
    writeOutboxHint(0)
    expect(localStorage.getItem(OUTBOX_HINT_KEY)).toBeNull()
    expect(readOutboxHint()).toBe(0)
  })

  it('ignores a damaged value', () => {
    localStorage.setItem(OUTBOX_HINT_KEY, 'lots')
    expect(readOutboxHint()).toBe(0)
  })

  it('does not load the sender when nothing waits', async () => {
    startOutboxIfPending()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startOutbox).not.toHaveBeenCalled()
  })

  it('starts the sender at start-up when something waits', async () => {
    writeOutboxHint(1)
    startOutboxIfPending()
    await vi.waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1))
  })
})
