// Staff's lists draw their first screenful of cards first (issue 52: /centre's first child within
// 1.5 s at 4x CPU). React drew a page of 50 cards in one commit, so the first card waited for the
// fiftieth (0.1 to 0.2 s more at 4x, decision 0095). Now the first cards are drawn and painted, and the
// rest follow in a transition, which a tap interrupts. They are drawn below the first: nothing staff
// see moves.
import { startTransition, useEffect, useState } from 'react'

/** Cards in the first frame: a phone's screen holds two or three, a desktop's two columns six. */
export const FIRST_SCREENFUL = 8

/**
 * How many of a list's items to draw: `FIRST_SCREENFUL` until the frame that shows them has been painted
 * (a list that arrives with more), then all of them, for as long as the screen is open.
 */
export function useFirstScreenful(items: number): number {
  const [whole, setWhole] = useState(false)
  const partial = !whole && items > FIRST_SCREENFUL
  useEffect(() => {
    if (!partial) return
    // After the frame: an animation frame comes before its paint, the task it queues after it.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(true)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [partial])
  return partial ? FIRST_SCREENFUL : items
}
