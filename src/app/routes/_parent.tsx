import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthPendingLoader } from '../../account/auth-pending'
import { OutboxProvider } from '../../kids/outbox/outbox-context'
import { OutboxIndicator } from '../../kids/outbox-indicator'
import { parentAreaKnown, requireParent } from '../parent-area'

// The parent area: /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId (their URLs carry no prefix).
export const Route = createFileRoute('/_parent')({
  beforeLoad: ({ location }) => requireParent(location),
  // The loader shows only while the parent really is being checked (a first load of a parent page),
  // after 200 ms (docs/decisions/0014-sign-in-loader-only-while-checking.md). The router reads pendingMs
  // as it decides, and counts from the start of the navigation: when the guard already knows the parent
  // (after sign-in and sign-up, which load the parent area first, or on a later visit) there is nothing
  // to wait for, yet a busy phone could pass 200 ms before the guard's instant answer and flash the
  // loader (then held for pendingMinMs, half a second).
  pendingComponent: AuthPendingLoader,
  get pendingMs() {
    return parentAreaKnown() ? Number.POSITIVE_INFINITY : 200
  },
  component: ParentArea,
})

function ParentArea() {
  const { outbox, user } = Route.useRouteContext()
  return (
    <OutboxProvider runtime={outbox}>
      <OutboxIndicator userId={user.uid} />
      <Outlet />
    </OutboxProvider>
  )
}
