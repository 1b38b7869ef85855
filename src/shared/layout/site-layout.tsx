import { Outlet } from '@tanstack/react-router'
import { AppStatus } from '../../offline/app-status'
import { LazyToaster } from '../ui/lazy-toaster'

export function SiteLayout() {
  return (
    <>
      <AppStatus />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LazyToaster />
    </>
  )
}
