// The child's photo carousel, as the product describes it: autoplay, loop, one slide at a time, a 1000 ms
// transition, no dots. Swiper is imported here only, so it loads with the child detail route's chunk.
// Under prefers-reduced-motion it does not autoplay; a Pause/Play button stops it for everyone else
// (WCAG 2.2.2), and Previous/Next buttons make every photo reachable by keyboard.
import { useEffect, useState } from 'react'
import type { Swiper as SwiperClass } from 'swiper'
import { A11y, Autoplay, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/a11y'
import { KidPhoto } from './kid-photo'
import { type PhotoRef, photoKey } from './kids-view'

export const CAROUSEL_SPEED_MS = 1000
export const CAROUSEL_DELAY_MS = 3000

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

interface KidCarouselProps {
  readonly photos: readonly PhotoRef[]
  readonly name: string
}

export function KidCarousel({ photos, name }: KidCarouselProps) {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null)
  const [reduced] = useState(prefersReducedMotion)
  const several = photos.length > 1
  const [playing, setPlaying] = useState(several && !reduced)

  useEffect(() => {
    if (!swiper || swiper.destroyed) return
    if (playing) swiper.autoplay.start()
    else swiper.autoplay.stop()
  }, [swiper, playing])

  return (
    <section className="kid-carousel" aria-label={`Photos of ${name}`}>
      <Swiper
        modules={[A11y, Autoplay, Keyboard]}
        slidesPerView={1}
        speed={CAROUSEL_SPEED_MS}
        // Loop mode needs at least two slides.
        loop={several}
        autoplay={several ? { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false } : false}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true, slideRole: 'group', itemRoleDescriptionMessage: 'slide' }}
        onSwiper={(instance) => {
          if (!(several && !reduced)) instance.autoplay?.stop()
          setSwiper(instance)
        }}
      >
        {photos.map((photo, index) => (
          <SwiperSlide key={photoKey(photo)}>
            <KidPhoto
              photo={photo}
              alt={`Photo ${index + 1} of ${photos.length} of ${name}`}
              className="kid-carousel-photo"
              width={800}
              height={600}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {several && (
        <div className="kid-carousel-controls">
          <button type="button" className="kid-carousel-button" onClick={() => swiper?.slidePrev()}>
            <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> photo</span>
          </button>
          <button
            type="button"
            className="kid-carousel-button"
            aria-pressed={!playing}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" className="kid-carousel-button" onClick={() => swiper?.slideNext()}>
            Next<span className="visually-hidden"> photo</span>
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </section>
  )
}
