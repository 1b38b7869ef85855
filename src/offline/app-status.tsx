// What the app tells a parent about itself, at the bottom of every page: offline, a new version is
// ready, and how to install it. Also keeps the document title in step with the route.
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { pageTitle } from '../marketing/page-meta'
import { siteConfig } from '../shared/config/site-config'
import { canInstall, install, isIosSafariInBrowser, subscribeInstall } from './install-prompt'
import { isOnline, isOnlineOnServer, subscribeOnline } from './online-status'
import { applyUpdate, registerServiceWorker, subscribeUpdate, updateWaiting } from './sw-update'
import { hasUnsavedInput } from './unsaved-input'
import './app-status.css'

const DISMISSED_KEY = 'sunbeam-install-dismissed'
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

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, never)
  if (!waiting) return null
  const reload = () => {
    // Reloading is always the parent's choice; warn before it throws away what they typed.
    if (hasUnsavedInput() && !window.confirm('Reload now? What you typed in the form will be lost.')) return
    applyUpdate()
  }
  return (
    <div className="app-status__card">
      <span>A new version of {siteConfig.shortName} is ready</span>
      <button type="button" className="button button--primary app-status__action" onClick={reload}>
        Reload
      </button>
    </div>
  )
}

export function InstallOffer() {
  const installable = useSyncExternalStore(subscribeInstall, canInstall, never)
  // Decided after hydration: the prerendered page cannot know the browser.
  const [ios, setIos] = useState(false)
  const [dismissed, setDismissed] = useState(true)
  useEffect(() => {
    setIos(isIosSafariInBrowser())
    setDismissed(localStorage.getItem(DISMISSED_KEY) === '1')
  }, [])
  if (dismissed || (!installable && !ios)) return null
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1')
    setDismissed(true)
  }
  return (
    <div className="app-status__card">
      {installable ? (
        <>
          <span>Add {siteConfig.shortName} to your home screen: it works offline too.</span>
          <button
            type="button"
            className="button button--primary app-status__action"
            onClick={() => void install()}
          >
            Install app
          </button>
        </>
      ) : (
        <span>
          To install {siteConfig.shortName}, tap the Share button, then <strong>Add to Home Screen</strong>.
        </span>
      )}
      <button type="button" className="button button--ghost app-status__action" onClick={dismiss}>
        Not now
      </button>
    </div>
  )
}

export function AppStatus() {
  useDocumentTitle()
  useEffect(() => registerServiceWorker(), [])
  // Fixed at the bottom and out of the page flow, so a message never shifts the content.
  return (
    <div className="app-status" role="status">
      <OfflineBanner />
      <UpdatePrompt />
      <InstallOffer />
    </div>
  )
}
