import { createFileRoute, Outlet } from '@tanstack/react-router'
import { CentreLayout, StaffOnly } from '#centre/centre-layout'
import { AuthPendingLoader } from '#parent/start'
import { documentTitle, pageHead } from '#shared/config/document-title'

// The centre's side, for staff only: /centre (registrations) and /centre/inquiries. The guard comes from
// the router's context (../centre-guard.ts); anyone who is not staff gets one sentence and no data.
export const Route = createFileRoute('/centre')({
  head: () => pageHead(documentTitle('Centre')),
  beforeLoad: async ({ context, location }) => ({ centre: await context.centreArea.require(location) }),
  pendingComponent: AuthPendingLoader,
  // TanStack's own default, not the app's 200 ms (router.tsx): the loader, once shown, is held for
  // pendingMinMs (half a second), so a guard answering at 0.45 to 0.75 s kept Today back until 0.7 s and
  // more (decision 0088). A slower check shows it after 1 s.
  pendingMs: 1000,
  component: CentreRoute,
})

function CentreRoute() {
  const { centre } = Route.useRouteContext()
  if (centre.access !== 'staff') return <StaffOnly />
  return (
    <CentreLayout store={centre.store} email={centre.user.email} signOut={centre.signOut}>
      <Outlet />
    </CentreLayout>
  )
}
