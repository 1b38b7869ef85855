// @vitest-environment jsdom
// How long the add and edit screens hold a parent: the outcome of submitAndWait for what the sender
// reports, on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { SenderEvent } from '#parent/outbox/sender-events'
import { STALL_MS, type SubmitOutcome, submitAndWait } from './kid-submission'

/** A runtime whose sender reports only what the test emits. */
function reportingRuntime() {
  const listeners = new Set<(event: SenderEvent) => void>()
  const runtime = {
    sender: {
      onEvent(listener: (event: SenderEvent) => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    claim: () => () => {},
    send: () => {},
    wake: () => {},
  } as unknown as OutboxRuntime
  const emit = (event: SenderEvent) => {
    for (const listener of listeners) listener(event)
  }
  return { runtime, emit }
}

/** Starts a submission and records when (on the fake clock) its outcome came. */
function submit(runtime: OutboxRuntime) {
  const result: { outcome?: SubmitOutcome; at?: number } = {}
  const started = Date.now()
  void submitAndWait(runtime, async () => 's1', { isOnline: () => true }).then((outcome) => {
    result.outcome = outcome
    result.at = Date.now() - started
  })
  return result
}

describe('submitAndWait', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('lets the parent go 3 s after the press when no byte goes out, however late the first 0 % is', async () => {
    const { runtime, emit } = reportingRuntime()
    const result = submit(runtime)
    // The sender reaches the upload late (a busy phone) and reports 0 %, then nothing more.
    await vi.advanceTimersByTimeAsync(2_000)
    emit({ type: 'progress', submissionId: 's1', fraction: 0 })
    await vi.advanceTimersByTimeAsync(STALL_MS - 2_000 - 1)
    expect(result.outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toEqual({ outcome: 'kept', at: STALL_MS })
  })

  it('holds the parent while bytes go out, and lets go 3 s after the last of them', async () => {
    const { runtime, emit } = reportingRuntime()
    const result = submit(runtime)
    await vi.advanceTimersByTimeAsync(2_000)
    emit({ type: 'progress', submissionId: 's1', fraction: 0.4 })
    await vi.advanceTimersByTimeAsync(2_000)
    emit({ type: 'progress', submissionId: 's1', fraction: 0.4 }) // the same bytes again: no progress
    await vi.advanceTimersByTimeAsync(STALL_MS - 2_000 - 1)
    expect(result.outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toEqual({ outcome: 'kept', at: 2_000 + STALL_MS })
  })

  it('ends at once when the record is handed to Firestore, or when the upload fails for now', async () => {
    const first = reportingRuntime()
    const sent = submit(first.runtime)
    await vi.advanceTimersByTimeAsync(500)
    first.emit({ type: 'handedOff', submissionId: 's1' })
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual({ outcome: 'sent', at: 500 })

    const second = reportingRuntime()
    const retrying = submit(second.runtime)
    await vi.advanceTimersByTimeAsync(700)
    second.emit({ type: 'retrying', submissionId: 's1', error: 'unavailable', at: Date.now() + 30_000 })
    await vi.advanceTimersByTimeAsync(0)
    expect(retrying).toEqual({ outcome: 'kept', at: 700 })
  })
})
