// Staff's lists keep their cards where staff saw them (decision 0094). The server orders each list by
// its newest save: a parent's save, or a new registration or inquiry, moved every card below it, and a
// press that had started on one card's button ended on another's.
import { useMemo, useState } from 'react'

/** Where each item stood when staff last looked: its time then (ms), by id, and the newest of them. */
export interface SteadyOrder {
  readonly at: ReadonlyMap<string, number>
  readonly newest: number
}

/** An item's id and the time the server orders it by (newest first). */
export type OrderKey<T> = (item: T) => readonly [id: string, time: number]

export function steadyOrder<T>(items: readonly T[], keyOf: OrderKey<T>): SteadyOrder {
  const at = new Map(items.map(keyOf))
  let newest = Number.NEGATIVE_INFINITY
  for (const time of at.values()) newest = Math.max(newest, time)
  return { at, newest }
}

/**
 * The items in the order staff last saw (null: none yet, so the server's): one saved again keeps its
 * place, and an older one (a page shown with 'Show more') takes its place by time. One new to the list,
 * or saved since from beyond the pages loaded, waits in `waiting` until staff ask for it.
 */
export function inSteadyOrder<T>(
  items: readonly T[],
  order: SteadyOrder | null,
  keyOf: OrderKey<T>,
): { readonly shown: T[]; readonly waiting: T[] } {
  if (order === null) return { shown: [...items], waiting: [] }
  const placed = items.map((item) => {
    const [id, time] = keyOf(item)
    const then = order.at.get(id)
    return { item, time: then ?? time, waits: then === undefined && time > order.newest }
  })
  return {
    shown: placed
      .filter((entry) => !entry.waits)
      .sort((a, b) => b.time - a.time)
      .map((entry) => entry.item),
    waiting: placed.filter((entry) => entry.waits).map((entry) => entry.item),
  }
}

/**
 * A list held steady once the server has `answered` it (before that, while only this device's cache has
 * spoken, it follows the list as it comes); `showWaiting` takes in what waits, in the server's order.
 */
export function useSteadyOrder<T>(
  items: readonly T[] | undefined,
  answered: boolean,
  keyOf: OrderKey<T>,
): { readonly shown: T[]; readonly waiting: T[]; readonly showWaiting: () => void } {
  const [order, setOrder] = useState<SteadyOrder | null>(null)
  // Set while rendering (React's way to follow a prop): the first frame after the answer is steady.
  if (answered && items !== undefined && order === null) setOrder(steadyOrder(items, keyOf))
  else if (!answered && order !== null) setOrder(null)
  const steady = useMemo(() => inSteadyOrder(items ?? [], order, keyOf), [items, order, keyOf])
  return { ...steady, showWaiting: () => setOrder(steadyOrder(items ?? [], keyOf)) }
}

/**
 * The items in the order of `ids` (the order first drawn), those new to it last, in their own order:
 * a list ordered by name, or by a state that changes under staff's fingers (Today's 'Not seen yet').
 */
export function inHeldOrder<T>(items: readonly T[], ids: readonly string[], idOf: (item: T) => string): T[] {
  const place = new Map(ids.map((id, index) => [id, index]))
  const rank = (item: T) => place.get(idOf(item)) ?? ids.length
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map((entry) => entry.item)
}

/**
 * A list held in the order it was drawn while `epoch` stays the same (null: not held yet, the list as
 * it comes); a new epoch takes the list's own order again.
 */
export function useHeldOrder<T>(items: readonly T[], epoch: string | null, idOf: (item: T) => string): T[] {
  const [held, setHeld] = useState<{ readonly epoch: string; readonly ids: readonly string[] } | null>(null)
  if (epoch !== null && held?.epoch !== epoch) setHeld({ epoch, ids: items.map(idOf) })
  else if (epoch === null && held !== null) setHeld(null)
  return useMemo(() => (held === null ? [...items] : inHeldOrder(items, held.ids, idOf)), [items, held, idOf])
}
