import { afterEach, describe, expect, it, vi } from 'vitest'
import { TookTooLongError, within } from './within'

afterEach(() => {
  vi.useRealTimers()
})

describe('within', () => {
  it('gives the answer that comes in time, and its failure', async () => {
    await expect(within(Promise.resolve(7), 100, 'the outbox')).resolves.toBe(7)
    await expect(within(Promise.reject(new Error('no')), 100, 'the outbox')).rejects.toThrow('no')
  })

  it('gives up after the bound, and hands a late answer to `late` only', async () => {
    vi.useFakeTimers()
    let answer: (value: string) => void = () => {}
    const work = new Promise<string>((resolve) => {
      answer = resolve
    })
    const late = vi.fn()
    const bounded = within(work, 10_000, 'the outbox', late)
    const settled = expect(bounded).rejects.toThrow(new TookTooLongError('the outbox', 10_000))
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    answer('opened')
    await vi.advanceTimersByTimeAsync(0)
    expect(late).toHaveBeenCalledWith('opened')
  })
})
