import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthPendingLoader } from '../../account/auth-pending'
import { OutboxProvider } from '../../kids/outbox/outbox-context'
import { OutboxIndicator } from '../../kids/outbox-indicator'
import { requireParent } from '../parent-area'

// The parent area: /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId (their URLs carry no prefix).
export const Route = createFileRoute('/_parent')({
  beforeLoad: ({ location }) => requireParent(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
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
