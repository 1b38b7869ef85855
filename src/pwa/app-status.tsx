// What the app tells a parent about itself: at the bottom of the screen, that it is offline or that a
// new version is ready; and at the end of the page, in its flow (where it covers nothing), how to
// install it, from the second page they open once they scroll or tap, never on a form.
import { useRouterState } from '@tanstack/react-router'
import { lazy, type RefObject, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { isOnline, isOnlineOnServer, subscribeOnline } from '#shared/ui/online-status'
import {
  canInstall,
  isIosSafariInBrowser,
  notePageView,
  offersInstallOn,
  readyForInstallOffer,
  subscribeInstall,
} from './install-prompt'
import { registerServiceWorker, subscribeUpdate, updateWaiting } from './sw-update'
import './app-status.css'

const UpdatePrompt = lazy(() => import('./status-actions').then((m) => ({ default: m.UpdatePrompt })))
const InstallOffer = lazy(() => import('./status-actions').then((m) => ({ default: m.InstallOffer })))
const never = () => false

/**
 * Counts the pages the parent opens; true once they have seen enough to be offered installation
 * (decided after hydration, on each page).
 */
function usePageView(): boolean {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [readyToOffer, setReadyToOffer] = useState(false)
  useEffect(() => {
    notePageView(pathname)
    setReadyToOffer(readyForInstallOffer() && offersInstallOn(pathname))
  }, [pathname])
  return readyToOffer
}

const OFFLINE_DISMISSED_KEY = 'sunbeam.offline-banner-dismissed'

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(OFFLINE_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

function writeDismissed(dismissed: boolean): void {
  try {
    if (dismissed) sessionStorage.setItem(OFFLINE_DISMISSED_KEY, '1')
    else sessionStorage.removeItem(OFFLINE_DISMISSED_KEY)
  } catch {
    // Storage refused (some private windows): the bar stays put away until the page is reloaded.
  }
}

/**
 * A slim bar while the device is offline. Put away, it stays away (across pages and reloads of this
 * tab) until the device has been back online: the next time the connection drops, it shows again.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnlineOnServer)
  // Still offline after a reload: a bar put away before it stays away. (The prerenderer has no window.)
  const [dismissed, setDismissed] = useState(
    () => typeof window !== 'undefined' && !navigator.onLine && readDismissed(),
  )
  useEffect(() => {
    const reset = () => {
      writeDismissed(false)
      setDismissed(false)
    }
    // navigator.onLine, not the hook's value: while a prerendered page hydrates, that value still says
    // online, and would forget a bar put away before a reload.
    if (navigator.onLine) reset()
    window.addEventListener('online', reset)
    return () => window.removeEventListener('online', reset)
  }, [])
  if (online || dismissed) return null
  const dismiss = () => {
    writeDismissed(true)
    setDismissed(true)
  }
  return (
    <div className="app-status__offline">
      <p>
        <strong>You are offline.</strong> The site still works, and what you send goes out once you are
        online.
      </p>
      <button type="button" className="app-status__dismiss" aria-label="Dismiss" onClick={dismiss}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  )
}

/**
 * Keeps the page's own content clear of the status region: its height, while it shows something, is
 * reserved at the bottom of the page (and of every scroll into view) through --app-status-space.
 */
function useReservedSpace(region: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = region.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height)
      if (height > 0) root.style.setProperty('--app-status-space', `${height}px`)
      else root.style.removeProperty('--app-status-space')
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--app-status-space')
    }
  }, [region])
}

/**
 * True once the parent has scrolled, tapped or typed on this page: the install offer never slides in
 * over a page that has only just appeared (Chrome's own install banner likewise waited for engagement).
 */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false)
  useEffect(() => {
    if (engaged) return
    const engage = () => setEngaged(true)
    const events = ['scroll', 'pointerdown', 'keydown'] as const
    for (const type of events) window.addEventListener(type, engage, { once: true, passive: true })
    return () => {
      for (const type of events) window.removeEventListener(type, engage)
    }
  }, [engaged])
  return engaged
}

export function AppStatus() {
  useEffect(() => registerServiceWorker(), [])
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, never)
  const region = useRef<HTMLDivElement>(null)
  useReservedSpace(region)
  // Fixed at the bottom and out of the page flow, so a message never shifts the content; the space it
  // takes is reserved below the page instead, so it never covers the end of it either.
  return (
    <div ref={region} className="app-status" role="status">
      {waiting ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      <OfflineBanner />
    </div>
  )
}

/**
 * The install offer, in the page's flow after its content (the layout puts it above the footer): a
 * card fixed at the bottom of the screen covered the sign-up link, form fields and 'Your data' on a
 * phone. Appearing at the end of the page, it moves nothing a parent is looking at.
 */
export function InstallOfferSlot() {
  const engaged = useEngaged()
  const readyToOffer = usePageView() && engaged
  const installable = useSyncExternalStore(subscribeInstall, canInstall, never) && readyToOffer
  // Decided after hydration: the prerendered page cannot know the browser.
  const [iosBrowser, setIosBrowser] = useState(false)
  useEffect(() => setIosBrowser(isIosSafariInBrowser()), [])
  const ios = iosBrowser && readyToOffer
  if (!installable && !ios) return null
  return (
    <aside className="install-offer-slot" aria-label="Install the app">
      <Suspense fallback={null}>
        <InstallOffer ios={ios} offer={readyToOffer} />
      </Suspense>
    </aside>
  )
}
