// What the app tells a parent about itself, at the bottom of every page: offline, a new version is
// ready, and (from the second page they open, once they scroll or tap) how to install it.
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { isOnline, isOnlineOnServer, subscribeOnline } from '../shared/ui/online-status'
import {
  canInstall,
  isIosSafariInBrowser,
  notePageView,
  readyForInstallOffer,
  subscribeInstall,
} from './install-prompt'
import { registerServiceWorker, subscribeUpdate, updateWaiting } from './sw-update'
import './app-status.css'

const StatusActions = lazy(() => import('./status-actions'))
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
    setReadyToOffer(readyForInstallOffer())
  }, [pathname])
  return readyToOffer
}

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnlineOnServer)
  if (online) return null
  return (
    <p className="app-status__card app-status__card--offline">
      You are offline. Pages you have opened still work, and what you send goes out when you are back online.
    </p>
  )
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
  const engaged = useEngaged()
  const readyToOffer = usePageView() && engaged
  useEffect(() => registerServiceWorker(), [])
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, never)
  const installable = useSyncExternalStore(subscribeInstall, canInstall, never) && readyToOffer
  // Decided after hydration: the prerendered page cannot know the browser.
  const [iosBrowser, setIosBrowser] = useState(false)
  useEffect(() => setIosBrowser(isIosSafariInBrowser()), [])
  const ios = iosBrowser && readyToOffer
  // Fixed at the bottom and out of the page flow, so a message never shifts the content.
  return (
    <div className="app-status" role="status">
      <OfflineBanner />
      {waiting || installable || ios ? (
        <Suspense fallback={null}>
          <StatusActions ios={ios} offerInstall={readyToOffer} />
        </Suspense>
      ) : null}
    </div>
  )
}
