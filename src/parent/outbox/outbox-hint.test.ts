// @vitest-environment jsdom
// The start-up hint keeps Dexie and Firebase off pages with nothing to send (the JS budget of the
// marketing pages).
import { beforeEach, describe, expect, it } from 'vitest'
import { OUTBOX_HINT_KEY, readOutboxHint, writeOutboxHint } from './outbox-hint'

beforeEach(() => {
  localStorage.clear()
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
})
