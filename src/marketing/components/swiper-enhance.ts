// Loaded on demand (dynamic import) when a slider nears the viewport: Swiper is ~15 kB gzip that the
// first paint of a page never needs, because the cards are already in the HTML as a plain row.
import Swiper from 'swiper'
import { A11y, Autoplay, Navigation } from 'swiper/modules'
import 'swiper/css'
import 'swiper/css/a11y'

export interface SliderElements {
  readonly viewport: HTMLElement
  readonly prev: HTMLElement
  readonly next: HTMLElement
}

export interface EnhancedSlider {
  play(): void
  pause(): void
  destroy(): void
}

/** 3 cards from 1244 px, 2 from 768 px, 1 below; 500 ms; autoplay and loop. */
export const sliderOptions = {
  speed: 500,
  loop: true,
  spaceBetween: 24,
  slidesPerView: 1,
  breakpoints: {
    768: { slidesPerView: 2 },
    1244: { slidesPerView: 3 },
  },
  autoplayDelay: 4000,
} as const

export function enhanceSlider(
  elements: SliderElements,
  { autoplay }: { readonly autoplay: boolean },
): EnhancedSlider {
  const swiper = new Swiper(elements.viewport, {
    modules: [A11y, Autoplay, Navigation],
    speed: sliderOptions.speed,
    loop: sliderOptions.loop,
    spaceBetween: sliderOptions.spaceBetween,
    slidesPerView: sliderOptions.slidesPerView,
    breakpoints: sliderOptions.breakpoints,
    // The slider's own Previous/Next buttons, which scrolled the plain row before Swiper arrived.
    navigation: { prevEl: elements.prev, nextEl: elements.next },
    autoplay: { delay: sliderOptions.autoplayDelay, disableOnInteraction: false, pauseOnMouseEnter: true },
    a11y: { enabled: true, slideRole: 'group', containerRole: null, itemRoleDescriptionMessage: 'slide' },
  })
  if (!autoplay) swiper.autoplay.stop()
  return {
    play: () => swiper.autoplay.start(),
    pause: () => swiper.autoplay.stop(),
    destroy: () => swiper.destroy(true, true),
  }
}
