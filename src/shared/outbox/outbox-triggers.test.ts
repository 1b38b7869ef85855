// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OUTBOX_SYNC_TAG, requestBackgroundSync, watchTriggers } from './outbox-triggers'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the outbox triggers', () => {
  it('wake the engine when the browser is online again and when the tab becomes visible', () => {
    const wake = vi.fn(async () => undefined)
    const stop = watchTriggers({ wake })
    window.dispatchEvent(new Event('online'))
    expect(wake).toHaveBeenCalledTimes(1)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(wake).toHaveBeenCalledTimes(1)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(wake).toHaveBeenCalledTimes(2)
    stop()
    window.dispatchEvent(new Event('online'))
    expect(wake).toHaveBeenCalledTimes(2)
  })

  it("wake it when the service worker passes on Background Sync's event, and only then", () => {
    const worker = new EventTarget()
    vi.stubGlobal('navigator', { serviceWorker: worker })
    const wake = vi.fn(async () => undefined)
    const stop = watchTriggers({ wake })
    worker.dispatchEvent(new MessageEvent('message', { data: 'something else' }))
    expect(wake).not.toHaveBeenCalled()
    worker.dispatchEvent(new MessageEvent('message', { data: OUTBOX_SYNC_TAG }))
    expect(wake).toHaveBeenCalledTimes(1)
    stop()
  })

  it('registers the sync tag where the browser has Background Sync, and does without elsewhere', async () => {
    const register = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ sync: { register } }) } })
    await requestBackgroundSync()
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG)
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({}) } })
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
    vi.stubGlobal('navigator', {})
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
  })
})
