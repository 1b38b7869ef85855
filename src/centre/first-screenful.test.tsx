import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FIRST_SCREENFUL, useFirstScreenful } from './first-screenful'

function List({ items }: { readonly items: number }) {
  const drawn = useFirstScreenful(items)
  return (
    <ul>
      {Array.from({ length: drawn }, (_, n) => (
        <li key={n}>Item {n}</li>
      ))}
    </ul>
  )
}

const drawnItems = () => screen.queryAllByRole('listitem').length
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

describe('useFirstScreenful', () => {
  it('draws the first screenful in the first frame, and the rest once that frame is painted', async () => {
    render(<List items={50} />)
    expect(drawnItems()).toBe(FIRST_SCREENFUL)
    // Not within the frame that shows the first cards: its animation frame comes first.
    await act(nextFrame)
    expect(drawnItems()).toBe(FIRST_SCREENFUL)
    await waitFor(() => expect(drawnItems()).toBe(50))
    expect(screen.getByText('Item 49')).toBeInTheDocument()
  })

  it('draws a short list whole at once', () => {
    render(<List items={FIRST_SCREENFUL} />)
    expect(drawnItems()).toBe(FIRST_SCREENFUL)
  })

  it('draws a list that grows past a screenful in two steps, then every later page at once', async () => {
    const { rerender } = render(<List items={3} />)
    expect(drawnItems()).toBe(3)
    rerender(<List items={50} />)
    expect(drawnItems()).toBe(FIRST_SCREENFUL)
    await waitFor(() => expect(drawnItems()).toBe(50))
    // 'Show more': the next page follows the whole list drawn so far.
    rerender(<List items={100} />)
    expect(drawnItems()).toBe(100)
  })
})
