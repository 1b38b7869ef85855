import { Outlet } from '@tanstack/react-router'
import { LazyToaster } from '../ui/lazy-toaster'

export function SiteLayout() {
  return (
    <>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LazyToaster />
    </>
  )
}
