import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AppStatus } from '../pwa/app-status'
import { deferHydration } from '../shared/ui/defer-hydration'
import { LazyToaster } from '../shared/ui/lazy-toaster'
import { DocumentHead } from './document-head'
import { SiteHeader } from './layout/site-header'
import { useRouteChangeFocus } from './layout/use-route-change-focus'
import './layout/layout.css'

// The footer sits below every page's first screen: its code loads when a visitor gets near it (on
// routes rendered in the browser, at once), which keeps it out of every page's first load.
const SiteFooter = deferHydration('site-footer', () =>
  import('../marketing/site-footer').then((m) => m.SiteFooter),
)

export function SiteLayout() {
  useRouteChangeFocus()
  // Marks the page interactive (hydrated or rendered): the browser suite waits for it before it taps,
  // as a tap on prerendered markup before hydration would do nothing.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true'
  }, [])
  return (
    <>
      <DocumentHead />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppStatus />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <LazyToaster />
    </>
  )
}
