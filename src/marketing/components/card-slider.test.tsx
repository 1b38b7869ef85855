import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CardSlider } from './card-slider'
import type { EnhancedSlider, SliderElements } from './swiper-enhance'

const slider: EnhancedSlider = { play: vi.fn(), pause: vi.fn(), destroy: vi.fn() }
const enhanceSlider = vi.fn((_elements: SliderElements, _options: { autoplay: boolean }) => slider)
vi.mock('./swiper-enhance', () => ({
  enhanceSlider: (...args: Parameters<typeof enhanceSlider>) => enhanceSlider(...args),
}))

// A controllable IntersectionObserver: tests decide when the slider "scrolls into view".
let observed: { callback: IntersectionObserverCallback; target: Element | null }[] = []
class FakeIntersectionObserver {
  readonly entry: { callback: IntersectionObserverCallback; target: Element | null }
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, target: null }
    observed.push(this.entry)
  }
  observe(target: Element) {
    this.entry.target = target
  }
  disconnect() {
    this.entry.target = null
  }
}

function scrollIntoView() {
  for (const { callback, target } of observed) {
    if (!target) continue
    callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver)
  }
}

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }))
}

const slides = ['One', 'Two', 'Three', 'Four'].map((title) => ({
  key: title,
  content: <a href="/about">{title}</a>,
}))

beforeEach(() => {
  observed = []
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  setReducedMotion(false)
  enhanceSlider.mockClear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('CardSlider', () => {
  it('renders every card as plain markup before any script is loaded', () => {
    render(<CardSlider label="Our Class Programs" slides={slides} />)
    const carousel = screen.getByRole('region', { name: 'Our Class Programs' })
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    expect(screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ])
    expect(screen.getByRole('link', { name: 'Four' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /pause/i })).not.toBeInTheDocument()
    expect(enhanceSlider).not.toHaveBeenCalled()
  })

  it('loads Swiper when it nears the viewport, with autoplay, and offers a pause button', async () => {
    const user = userEvent.setup()
    render(<CardSlider label="Latest Blog" slides={slides} />)
    await act(async () => scrollIntoView())
    const pause = await screen.findByRole('button', { name: 'Pause slides' })
    expect(enhanceSlider).toHaveBeenCalledTimes(1)
    expect(enhanceSlider.mock.calls[0]?.[1]).toEqual({ autoplay: true })
    const elements = enhanceSlider.mock.calls[0]?.[0]
    expect(elements?.prev).toBe(screen.getByRole('button', { name: 'Previous slide' }))
    expect(elements?.next).toBe(screen.getByRole('button', { name: 'Next slide' }))

    await user.click(pause)
    expect(slider.pause).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Play slides' }))
    expect(slider.play).toHaveBeenCalled()
  })

  it('does not autoplay when the visitor prefers reduced motion', async () => {
    setReducedMotion(true)
    render(<CardSlider label="Latest Blog" slides={slides} />)
    await act(async () => scrollIntoView())
    expect(await screen.findByRole('button', { name: 'Play slides' })).toBeInTheDocument()
    expect(enhanceSlider.mock.calls[0]?.[1]).toEqual({ autoplay: false })
  })

  it('rests autoplay while a card has keyboard focus', async () => {
    const user = userEvent.setup()
    render(
      <>
        <button type="button">before</button>
        <CardSlider label="Latest Blog" slides={slides} />
      </>,
    )
    await act(async () => scrollIntoView())
    await screen.findByRole('button', { name: 'Pause slides' })
    vi.mocked(slider.pause).mockClear()
    vi.mocked(slider.play).mockClear()
    screen.getByRole('link', { name: 'Two' }).focus()
    expect(slider.pause).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'before' }))
    expect(slider.play).toHaveBeenCalledTimes(1)
  })

  it('stays a plain row (and does not fail) where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<CardSlider label="Latest Blog" slides={slides} />)
    expect(screen.getAllByRole('group')).toHaveLength(4)
    expect(enhanceSlider).not.toHaveBeenCalled()
  })
})
