import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { EnhancedSlider } from './swiper-enhance'

/** True when the visitor asked their system for less motion: no autoplay then. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

interface CardSliderProps {
  /** Names the carousel for screen readers, e.g. 'Our class programs'. */
  readonly label: string
  readonly slides: readonly { readonly key: string; readonly content: ReactNode }[]
}

/**
 * A row of cards that is plain, scrollable markup in the HTML (so prerendered pages show every card
 * and cost no script), and becomes a looping, autoplaying Swiper once it scrolls near the viewport.
 */
export function CardSlider({ label, slides }: CardSliderProps) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const prevRef = useRef<HTMLButtonElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  const sliderRef = useRef<EnhancedSlider | null>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [playing, setPlaying] = useState(false)

  useEffect(() => {
    const viewport = viewportRef.current
    const prev = prevRef.current
    const next = nextRef.current
    if (!viewport || !prev || !next || typeof IntersectionObserver === 'undefined') return
    let cancelled = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void import('./swiper-enhance').then(({ enhanceSlider }) => {
          if (cancelled) return
          const autoplay = !prefersReducedMotion()
          sliderRef.current = enhanceSlider({ viewport, prev, next }, { autoplay })
          setEnhanced(true)
          setPlaying(autoplay)
        })
      },
      { rootMargin: '300px 0px' },
    )
    observer.observe(viewport)
    return () => {
      cancelled = true
      observer.disconnect()
      sliderRef.current?.destroy()
      sliderRef.current = null
    }
  }, [])

  function step(direction: 1 | -1) {
    // Once Swiper runs, its Navigation module handles these buttons; before, scroll the plain row.
    if (sliderRef.current) return
    const viewport = viewportRef.current
    if (!viewport) return
    viewport.scrollBy({
      left: direction * viewport.clientWidth,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    })
  }

  function togglePlaying() {
    const slider = sliderRef.current
    if (!slider) return
    if (playing) slider.pause()
    else slider.play()
    setPlaying(!playing)
  }

  return (
    <section
      className="card-slider"
      aria-roledescription="carousel"
      aria-label={label}
      // Autoplay rests while focus is inside, so a card never slides away under a keyboard user.
      onFocus={() => {
        if (playing) sliderRef.current?.pause()
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
        if (playing) sliderRef.current?.play()
      }}
    >
      <div className="card-slider__controls">
        {enhanced ? (
          <button type="button" className="slider-button slider-button--play" onClick={togglePlaying}>
            <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
            <span className="visually-hidden">{playing ? 'Pause slides' : 'Play slides'}</span>
          </button>
        ) : null}
        <button ref={prevRef} type="button" className="slider-button" onClick={() => step(-1)}>
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">Previous slide</span>
        </button>
        <button ref={nextRef} type="button" className="slider-button" onClick={() => step(1)}>
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
      <div ref={viewportRef} className="swiper card-slider__viewport">
        <div className="swiper-wrapper card-slider__track">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a named group
            <div
              key={slide.key}
              className="swiper-slide card-slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
