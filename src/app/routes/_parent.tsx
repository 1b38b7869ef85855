import { createFileRoute, Outlet } from '@tanstack/react-router'
import { FailureToasts, OutboxIndicator, ParentScopeProvider } from '#parent'
import { AuthPendingLoader } from '#parent/start'

// The parent area: /profile, /add-kid, /edit-kid/$kidId and /kid/$kidId (their URLs carry no prefix).
// The guard comes from the router's context (../parent-guard.ts), the loader's delay from ../router.tsx.

export const Route = createFileRoute('/_parent')({
  beforeLoad: ({ context, location }) => context.parentArea.require(location),
  // Shown only while the parent really is being checked (docs/decisions/0014).
  pendingComponent: AuthPendingLoader,
  // The notices bar is loaded and filled in before the screen shows, never drawn a moment after it
  // (it pushed the page down under the parent's finger); through the guard, which is loaded already, so
  // the route tree every page carries gains no byte (docs/decisions/0029, 0030).
  loader: ({ context: { parts, scope } }) => parts.screen(scope),
  component: ParentArea,
})

function ParentArea() {
  const { scope, user } = Route.useRouteContext()
  const { NoticesBar } = Route.useLoaderData()
  // The parent's scope for every screen below: their one way to the server, the outbox, the live data.
  return (
    <ParentScopeProvider scope={scope}>
      <FailureToasts />
      <NoticesBar />
      <OutboxIndicator userId={user.uid} />
      <Outlet />
    </ParentScopeProvider>
  )
}
