import { describe, expect, it } from 'vitest'
import { Slots } from './slots'

function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const stopped = () => new Error('stopped')

describe('Slots', () => {
  it('runs at most `size` tasks at once, the others in order as slots free up', async () => {
    const slots = new Slots(2)
    const signal = new AbortController().signal
    const gates = [gate(), gate(), gate()]
    const started: number[] = []
    const runs = gates.map((g, i) =>
      slots.run(
        signal,
        async () => {
          started.push(i)
          await g.opened
          return i
        },
        stopped,
      ),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1]?.open()
    await runs[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates[0]?.open()
    gates[2]?.open()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
  })

  it('a waiting turn given up never starts, and frees nothing it did not hold', async () => {
    const slots = new Slots(1)
    const busy = gate()
    const first = slots.run(new AbortController().signal, () => busy.opened, stopped)
    const controller = new AbortController()
    let ran = false
    const waiting = slots.run(
      controller.signal,
      async () => {
        ran = true
      },
      stopped,
    )
    controller.abort()
    await expect(waiting).rejects.toThrow('stopped')
    busy.open()
    await first
    // The one slot is free again: exactly one task runs at once.
    const order: string[] = []
    const hold = gate()
    const a = slots.run(
      new AbortController().signal,
      async () => {
        order.push('a')
        await hold.opened
      },
      stopped,
    )
    const b = slots.run(
      new AbortController().signal,
      async () => {
        order.push('b')
      },
      stopped,
    )
    await Promise.resolve()
    expect(order).toEqual(['a'])
    hold.open()
    await Promise.all([a, b])
    expect(order).toEqual(['a', 'b'])
    expect(ran).toBe(false)
  })
})
