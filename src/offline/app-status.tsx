// What the app tells a parent about itself, at the bottom of every page: offline, a new version is
// ready, and how to install it. Also keeps the document title in step with the route.
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { pageTitle } from '../marketing/page-meta'
import { canInstall, isIosSafariInBrowser, subscribeInstall } from './install-prompt'
import { isOnline, isOnlineOnServer, subscribeOnline } from './online-status'
import { registerServiceWorker, subscribeUpdate, updateWaiting } from './sw-update'
import './app-status.css'

const StatusActions = lazy(() => import('./status-actions'))
const never = () => false

function useDocumentTitle() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  useEffect(() => {
    document.title = pageTitle(pathname)
  }, [pathname])
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

export function AppStatus() {
  useDocumentTitle()
  useEffect(() => registerServiceWorker(), [])
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, never)
  const installable = useSyncExternalStore(subscribeInstall, canInstall, never)
  // Decided after hydration: the prerendered page cannot know the browser.
  const [ios, setIos] = useState(false)
  useEffect(() => setIos(isIosSafariInBrowser()), [])
  // Fixed at the bottom and out of the page flow, so a message never shifts the content.
  return (
    <div className="app-status" role="status">
      <OfflineBanner />
      {waiting || installable || ios ? (
        <Suspense fallback={null}>
          <StatusActions ios={ios} />
        </Suspense>
      ) : null}
    </div>
  )
}
