import { afterEach, describe, expect, it, vi } from 'vitest'
import { webLock } from './web-lock'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('webLock', () => {
  it('runs the work at once where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', {})
    let ran = false
    await webLock('lane', new AbortController().signal, async () => {
      ran = true
    })
    expect(ran).toBe(true)
  })

  it('runs the work under the named lock where it has them', async () => {
    const request = vi.fn(
      async (_name: string, _options: { signal: AbortSignal }, work: () => Promise<void>) => work(),
    )
    vi.stubGlobal('navigator', { locks: { request } })
    let ran = false
    await webLock('lane-a', new AbortController().signal, async () => {
      ran = true
    })
    expect(ran).toBe(true)
    expect(request.mock.calls[0]?.[0]).toBe('lane-a')
  })

  it('a wait given up through its signal ends quietly; any other failure is thrown', async () => {
    const controller = new AbortController()
    const refused = new DOMException('Aborted', 'AbortError')
    vi.stubGlobal('navigator', { locks: { request: async () => Promise.reject(refused) } })
    controller.abort()
    await expect(webLock('lane', controller.signal, async () => undefined)).resolves.toBeUndefined()
    await expect(webLock('lane', new AbortController().signal, async () => undefined)).rejects.toBe(refused)
  })
})
