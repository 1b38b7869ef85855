import { describe, expect, it } from 'vitest'
import { inHeldOrder, inSteadyOrder, type OrderKey, steadyOrder } from './steady-order'

interface Item {
  readonly id: string
  readonly at: number
}
const key: OrderKey<Item> = (item) => [item.id, item.at]
const ids = (items: readonly Item[]) => items.map((item) => item.id)

describe('a steady order', () => {
  const seen = [
    { id: 'c', at: 30 },
    { id: 'b', at: 20 },
    { id: 'a', at: 10 },
  ]
  const order = steadyOrder(seen, key)

  it("is the server's own before staff have seen the list", () => {
    expect(inSteadyOrder(seen, null, key)).toEqual({ shown: seen, waiting: [] })
  })

  it('keeps an item saved again where it was', () => {
    const now = [{ id: 'a', at: 40 }, ...seen.slice(0, 2)]
    const { shown, waiting } = inSteadyOrder(now, order, key)
    expect(ids(shown)).toEqual(['c', 'b', 'a'])
    expect(shown[2]).toEqual({ id: 'a', at: 40 })
    expect(waiting).toEqual([])
  })

  it('holds one newer than all seen, and places an older one by its time', () => {
    const now = [
      { id: 'd', at: 50 },
      ...seen.slice(0, 1),
      { id: 'e', at: 25 },
      ...seen.slice(1),
      { id: 'f', at: 5 },
    ]
    const { shown, waiting } = inSteadyOrder(now, order, key)
    expect(ids(waiting)).toEqual(['d'])
    expect(ids(shown)).toEqual(['c', 'e', 'b', 'a', 'f'])
  })

  it('drops an item the server no longer has', () => {
    expect(ids(inSteadyOrder(seen.slice(1), order, key).shown)).toEqual(['b', 'a'])
  })

  it('holds everything that comes to a list seen empty', () => {
    const empty = steadyOrder([], key)
    expect(ids(inSteadyOrder(seen, empty, key).waiting)).toEqual(['c', 'b', 'a'])
  })
})

describe('a held order', () => {
  const id = (item: Item) => item.id
  const items = (...names: string[]) => names.map((name, at) => ({ id: name, at }))

  it('keeps the order first drawn, whatever order the items come in now', () => {
    expect(ids(inHeldOrder(items('b', 'c', 'a'), ['a', 'b', 'c'], id))).toEqual(['a', 'b', 'c'])
  })

  it('puts an item new to it last, and drops one gone', () => {
    expect(ids(inHeldOrder(items('d', 'a', 'c', 'e'), ['a', 'b', 'c'], id))).toEqual(['a', 'c', 'd', 'e'])
  })
})
