import { describe, expect, it } from 'vitest'
import { SerialRuns } from './serial-runs'

describe('SerialRuns', () => {
  it('runs once per key at a time; asked again meanwhile, it runs once more, not beside itself', async () => {
    const runs = new SerialRuns()
    let release = () => {}
    let calls = 0
    let running = 0
    let most = 0
    const work = async () => {
      calls += 1
      running += 1
      most = Math.max(most, running)
      if (calls === 1)
        await new Promise<void>((resolve) => {
          release = resolve
        })
      running -= 1
    }
    const first = runs.start('a', work, () => true)
    expect(runs.start('a', work, () => true)).toBeNull()
    expect(runs.start('a', work, () => true)).toBeNull() // two asks: still one more run
    const other = runs.start(
      'b',
      async () => undefined,
      () => true,
    )
    expect(other).not.toBeNull()
    release()
    await first
    expect(calls).toBe(2)
    expect(most).toBe(1)
    // Ended: the next ask starts a new run.
    const next = runs.start('a', work, () => true)
    expect(next).not.toBeNull()
    await next
    expect(calls).toBe(3)
  })

  it('does not run again when goOn() says stop (the account changed)', async () => {
    const runs = new SerialRuns()
    let calls = 0
    let release = () => {}
    const run = runs.start(
      'a',
      async () => {
        calls += 1
        await new Promise<void>((resolve) => {
          release = resolve
        })
      },
      () => false,
    )
    runs.start(
      'a',
      async () => undefined,
      () => false,
    )
    release()
    await run
    expect(calls).toBe(1)
  })

  it('a failing run ends, and the key is free for the next', async () => {
    const runs = new SerialRuns()
    await expect(
      runs.start(
        'a',
        async () => Promise.reject(new Error('boom')),
        () => true,
      ),
    ).rejects.toThrow('boom')
    let ran = false
    await runs.start(
      'a',
      async () => {
        ran = true
      },
      () => true,
    )
    expect(ran).toBe(true)
  })
})
