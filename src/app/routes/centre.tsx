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
