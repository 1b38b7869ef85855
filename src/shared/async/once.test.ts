import { describe, expect, it, vi } from 'vitest'
import { once } from './once'

describe('once', () => {
  it('runs the load once for every caller, and keeps its value', async () => {
    const load = vi.fn(async () => 'loaded')
    const get = once(load)
    expect(get.value).toBeNull()
    const [a, b] = await Promise.all([get(), get()])
    expect([a, b, await get()]).toEqual(['loaded', 'loaded', 'loaded'])
    expect(get.value).toBe('loaded')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failure, and shares the retry too', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('later')
    const get = once(load)
    await expect(get()).rejects.toThrow('offline')
    expect(get.value).toBeNull()
    await expect(Promise.all([get(), get()])).resolves.toEqual(['later', 'later'])
    expect(load).toHaveBeenCalledTimes(2)
  })
})
