import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthPendingLoader } from '../../account/auth-pending'
import { OutboxProvider } from '../../kids/outbox/outbox-context'
import { OutboxIndicator } from '../../kids/outbox-indicator'
import { requireParent } from '../parent-area'

// The parent area: /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId (their URLs carry no prefix).
export const Route = createFileRoute('/_parent')({
  beforeLoad: ({ location }) => requireParent(location),
  // The loader shows only when checking takes a moment (a first load of a parent page). Sign-in and
  // sign-up load the parent area before they go to it, so they never show it: once shown, the router
  // keeps a loader for half a second (pendingMinMs), which would be a flash.
  pendingComponent: AuthPendingLoader,
  pendingMs: 200,
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
