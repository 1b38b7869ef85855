import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { SiteFooter } from '../../marketing/site-footer'
import { AppStatus } from '../../offline/app-status'
import { LazyToaster } from '../ui/lazy-toaster'
import { SiteHeader } from './site-header'
import { useRouteChangeFocus } from './use-route-change-focus'
import './layout.css'

export function SiteLayout() {
  useRouteChangeFocus()
  // Marks the page interactive (hydrated or rendered): the browser suite waits for it before it taps,
  // as a tap on prerendered markup before hydration would do nothing.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true'
  }, [])
  return (
    <>
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
