import { createFileRoute, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { AuthPendingLoader } from '#account/auth-pending'
import { OutboxProvider } from '#kids/outbox/outbox-context'
import { OutboxIndicator } from '#kids/outbox-indicator'

// The parent area: /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId (their URLs carry no prefix).
// The guard and the loader's delay come from the router's context (../parent-area.ts, ../router.tsx).
// Loaded by the parent area itself, not listed with it in the route tree every page carries: the
// marketing pages gain no byte (docs/decisions/0029).
const NoticesBar = lazy(() =>
  import('#notices/notices-bar').then((module) => ({ default: module.NoticesBar })),
)

export const Route = createFileRoute('/_parent')({
  beforeLoad: ({ context, location }) => context.parentArea.require(location),
  // Shown only while the parent really is being checked (docs/decisions/0014).
  pendingComponent: AuthPendingLoader,
  component: ParentArea,
})

function ParentArea() {
  const { outbox, user } = Route.useRouteContext()
  return (
    <OutboxProvider runtime={outbox}>
      <Suspense fallback={null}>
        <NoticesBar userId={user.uid} />
      </Suspense>
      <OutboxIndicator userId={user.uid} />
      <Outlet />
    </OutboxProvider>
  )
}
