import { ClientOnly, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { AppStatus, InstallOfferSlot } from '#pwa/app-status'
import { deferHydration } from '#shared/ui/defer-hydration'
import { LazyToaster } from '#shared/ui/lazy-toaster'
import { SiteHeader } from './layout/site-header'
import { StaffFooter } from './layout/staff-footer'
import { useRouteChangeFocus } from './layout/use-route-change-focus'
import './layout/layout.css'

// The footer sits below every page's first screen: its code loads when a visitor gets near it (on
// routes rendered in the browser, at once), which keeps it out of every page's first load.
const SiteFooter = deferHydration('site-footer', () =>
  import('#marketing/site-footer').then((m) => m.SiteFooter),
)

// The route's head tags (see document-head.tsx). A prerendered page arrives with its own, so their code
// loads only when the parent moves to another page: never on a marketing page's first load.
const DocumentHead = lazy(() => import('./document-head').then((m) => ({ default: m.DocumentHead })))
const arrivedPrerendered =
  typeof document !== 'undefined' && document.querySelector('meta[name="sunbeam-app-entry"]') !== null
const arrivedAt = typeof location !== 'undefined' ? location.pathname : ''

function useHeadNeeded(): boolean {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [needed, setNeeded] = useState(!arrivedPrerendered)
  if (!needed && pathname !== arrivedAt) setNeeded(true)
  return needed
}

/** The staff's own pages: no parent's install offer, no marketing footer (issue 38). */
function useInCentre(): boolean {
  return useRouterState({
    select: (state) =>
      state.location.pathname === '/centre' || state.location.pathname.startsWith('/centre/'),
  })
}

export function SiteLayout() {
  useRouteChangeFocus()
  const headNeeded = useHeadNeeded()
  const inCentre = useInCentre()
  // Marks the page interactive (hydrated or rendered): the browser suite waits for it before it taps,
  // as a tap on prerendered markup before hydration would do nothing.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true'
  }, [])
  return (
    <>
      {headNeeded && (
        <ClientOnly>
          <Suspense fallback={null}>
            <DocumentHead />
          </Suspense>
        </ClientOnly>
      )}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppStatus />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {inCentre ? (
        <StaffFooter />
      ) : (
        <>
          <InstallOfferSlot />
          <SiteFooter />
        </>
      )}
      <LazyToaster />
    </>
  )
}
