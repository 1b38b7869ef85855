// @vitest-environment jsdom
// The parent area's toast for a submission that failed for good: once, never for a submission a
// screen has claimed (it says so itself), and once over two tabs.
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParentScope } from '#parent/account/parent-scope'
import { ParentScopeProvider } from '#parent/account/parent-scope-context'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { SenderEvent } from '#parent/outbox/sender-events'
import { fields, PARENT, sharedLocks } from '#parent/outbox/testing/outbox-fixtures'
import { newRandomId } from '#shared/records/ids'
import { notify } from '#shared/ui/notify'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { WAIT } from '#testing/timeouts'
import { FailureToasts, toastFailures } from './failure-toasts'

vi.mock('#shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/ui/notify')>()),
  notify: vi.fn(() => Promise.resolve()),
}))

const FAILED = [
  'error',
  'Images not uploaded',
  { description: 'Check the photos, then retry or discard it in Your Kids.' },
]

/** A sender's events by hand, and the claims of the screens. */
function fakeSource() {
  const listeners = new Set<(event: SenderEvent) => void>()
  const claimed = new Set<string>()
  return {
    claimed,
    emit: (event: SenderEvent) => {
      for (const listener of listeners) listener(event)
    },
    source: {
      sender: {
        onEvent(listener: (event: SenderEvent) => void) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      isClaimed: (id: string) => claimed.has(id),
    },
  }
}

const runtimes: OutboxRuntime[] = []

afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
  vi.mocked(notify).mockClear()
})

describe('the toast for a failed submission', () => {
  it('says it once for a failure nobody claimed, nothing for one a screen claimed, nor for other news', () => {
    const { source, emit, claimed } = fakeSource()
    const stop = toastFailures(source)
    emit({ type: 'failed', submissionId: 's1', error: 'The server refused to save this child' })
    expect(vi.mocked(notify).mock.calls).toEqual([FAILED])

    claimed.add('s2')
    emit({ type: 'failed', submissionId: 's2', error: 'The server refused to save this child' })
    emit({ type: 'retrying', submissionId: 's3', error: 'offline', at: 1 })
    emit({ type: 'saved', submissionId: 's3' })
    emit({ type: 'handedOff', submissionId: 's3' })
    emit({ type: 'progress', submissionId: 's3', fraction: 0.5 })
    expect(notify).toHaveBeenCalledTimes(1)

    // Stopped (the parent area left): it says nothing more.
    stop()
    emit({ type: 'failed', submissionId: 's4', error: 'The server refused to save this child' })
    expect(notify).toHaveBeenCalledTimes(1)
  })

  it("mounted in the parent area, follows the runtime's events once, and stops when unmounted", async () => {
    const runtime = await createOutboxRuntime(createFakeBackend(), { dbName: `toasts-${newRandomId(8)}` })
    runtimes.push(runtime)
    const unsubscribe = vi.fn()
    const heard: ((event: SenderEvent) => void)[] = []
    vi.spyOn(runtime.sender, 'onEvent').mockImplementation((listener) => {
      heard.push(listener)
      return unsubscribe
    })
    const view = render(
      <ParentScopeProvider scope={new ParentScope({ uid: 'ngozi', email: null, displayName: null }, runtime)}>
        <FailureToasts />
      </ParentScopeProvider>,
    )
    expect(heard).toHaveLength(1)
    const release = runtime.claim('claimed')
    heard[0]?.({ type: 'failed', submissionId: 'claimed', error: 'refused' })
    expect(notify).not.toHaveBeenCalled()
    release()
    heard[0]?.({ type: 'failed', submissionId: 'claimed', error: 'refused' })
    expect(vi.mocked(notify).mock.calls).toEqual([FAILED])
    view.unmount()
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })

  it('two tabs of the parent area, one submission failing for good: one toast', async () => {
    const backend = createFakeBackend()
    backend.auth.startSignedInAs({ uid: PARENT, email: 'ada@example.com', displayName: 'Ada' })
    const dbName = `toasts-tabs-${newRandomId(8)}`
    const lock = sharedLocks()
    for (let tab = 0; tab < 2; tab += 1) {
      const runtime = await createOutboxRuntime(backend, { dbName, lock })
      runtimes.push(runtime)
      toastFailures(runtime)
    }
    const [first, second] = runtimes
    // Both tabs work for the parent: either may be the one that finds the failure.
    await vi.waitFor(
      () => expect([first?.sender.userId, second?.sender.userId]).toEqual([PARENT, PARENT]),
      WAIT,
    )
    // Too large to upload: a failure a retry will not fix.
    const photo = { name: 'huge.png', type: 'image/png' as const, data: new ArrayBuffer(6 * 1024 * 1024) }
    await first?.outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('Amara'), photos: [photo] })
    first?.send()
    second?.send()
    await vi.waitFor(async () => expect((await first?.outbox.list(PARENT))?.[0]?.state).toBe('failed'), WAIT)
    await first?.sender.settled()
    await second?.sender.settled()
    expect(vi.mocked(notify).mock.calls).toEqual([FAILED])
  })
})
