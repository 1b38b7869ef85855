// Deferred hydration for long prerendered pages. The section's HTML is in the page from the start
// (prerendered), so a visitor sees and reads it at once; React keeps that HTML as it is (a dehydrated
// Suspense boundary) and loads the section's code only when the visitor scrolls near it, taps or
// tabs into it. Links in it work before that as ordinary links. After a client-side navigation there
// is no prerendered HTML to keep, and the code loads at once.
import { type ComponentType, lazy, memo, Suspense, useEffect } from 'react'

const preloaders: (() => Promise<void>)[] = []

/** For the prerenderer: loads every deferred section, so it renders in full, synchronously. */
export function preloadDeferredSections(): Promise<void> {
  return Promise.all(preloaders.map((preload) => preload())).then(() => undefined)
}

function whenNeeded(id: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve()
  const wrapper = document.getElementById(id)
  if (!wrapper?.firstElementChild || typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done()
      },
      { rootMargin: '200px 0px' },
    )
    function done() {
      observer.disconnect()
      wrapper?.removeEventListener('focusin', done)
      wrapper?.removeEventListener('pointerdown', done)
      resolve()
    }
    // The wrapper uses display: contents (no box of its own), so watch each of its sections: a jump
    // (a link to a fragment, a fast fling) may land on any of them.
    for (const section of wrapper.children) observer.observe(section)
    wrapper.addEventListener('focusin', done)
    wrapper.addEventListener('pointerdown', done)
  })
}

/**
 * The section's code, once it can be had. A page opened online may reach its footer offline, with the
 * chunk never fetched (no service worker yet): a failed load then kept nothing of the page but the
 * route's error screen. Now the prerendered HTML stays (its links work as ordinary links) and the
 * code is asked for again until it comes: at each `online` event, and, while the browser says it is
 * online, after a pause that doubles from 1 s to 30 s. The event alone was not enough: it can come
 * before the connection carries requests again (Chromium's emulation on a slow machine, a phone
 * rejoining a network), and a load failed then waited for an event that never came again; a
 * connection that answers nothing ("lie-fi") sends no event at all.
 */
export function loadWhenReachable<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    let pause = 1000
    const attempt = () => {
      load().then(resolve, waitToRetry)
    }
    function waitToRetry() {
      const retry = () => {
        clearTimeout(timer)
        window.removeEventListener('online', retry)
        attempt()
      }
      window.addEventListener('online', retry)
      const timer = navigator.onLine ? setTimeout(retry, pause) : undefined
      pause = Math.min(pause * 2, 30_000)
    }
    attempt()
  })
}

/**
 * Marks the section's wrapper `data-hydrated` once its code runs (the browser suite waits for it). It
 * renders nothing, so the prerendered markup is the same with or without it.
 */
function MarkHydrated({ id }: { readonly id: string }) {
  useEffect(() => {
    document.getElementById(id)?.setAttribute('data-hydrated', 'true')
  }, [id])
  return null
}

export function deferHydration(id: string, load: () => Promise<ComponentType>): ComponentType {
  let preloaded: ComponentType | null = null
  preloaders.push(() =>
    load().then((component) => {
      preloaded = component
    }),
  )
  const Section = lazy(() =>
    whenNeeded(id)
      .then(() => loadWhenReachable(load))
      .then((component) => ({ default: component })),
  )
  // memo: a parent re-render must not reach the boundary while it is still dehydrated (React would
  // then throw its server HTML away and show the empty fallback).
  return memo(function DeferredSection() {
    const Preloaded = preloaded
    return (
      <div id={id} className="deferred-section">
        <Suspense fallback={null}>
          {Preloaded ? <Preloaded /> : <Section />}
          <MarkHydrated id={id} />
        </Suspense>
      </div>
    )
  })
}
