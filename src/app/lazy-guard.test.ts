import { describe, expect, it, vi } from 'vitest'
import { type Guard, lazyGuard } from './lazy-guard'

const at = { href: '/profile' }

describe('lazyGuard', () => {
  it('loads the guard on the first require, then answers synchronously without loading again', async () => {
    const guard: Guard<string> = { require: (location) => `in at ${location.href}` }
    const load = vi.fn(() => Promise.resolve(guard))
    const area = lazyGuard<string, Guard<string>>(load)
    expect(load).not.toHaveBeenCalled()
    expect(area.loaded).toBeNull()

    const first = area.require(at)
    expect(first).toBeInstanceOf(Promise)
    expect(await first).toBe('in at /profile')
    expect(area.loaded).toBe(guard)

    // What keeps the sign-in loader away between the area's screens (router.tsx): no promise, no wait.
    expect(area.require({ href: '/add-kid' })).toBe('in at /add-kid')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries the load again after a failure (offline before the code was ever kept here)', async () => {
    const guard: Guard<string> = { require: () => 'in' }
    const load = vi
      .fn<() => Promise<Guard<string>>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(guard)
    const area = lazyGuard<string, Guard<string>>(load)

    await expect(area.require(at)).rejects.toThrow('Failed to fetch')
    expect(area.loaded).toBeNull()
    expect(await area.require(at)).toBe('in')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("passes the guard's redirect on, thrown or in its promise", async () => {
    const refusal = new Error('to /login')
    const guard: Guard<string> = {
      require: () => {
        throw refusal
      },
    }
    const area = lazyGuard<string, Guard<string>>(() => Promise.resolve(guard))
    await expect(area.require(at)).rejects.toBe(refusal)
    expect(() => area.require(at)).toThrow(refusal)
  })

  it('starts loading on load(), before any route asks, and loads once (the app opened on its screens)', async () => {
    const guard: Guard<string> = { require: () => 'in' }
    const load = vi.fn(() => Promise.resolve(guard))
    const area = lazyGuard<string, Guard<string>>(load)
    const started = area.load()
    expect(load).toHaveBeenCalledTimes(1)
    expect(await started).toBe(guard)
    expect(area.require(at)).toBe('in')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
