import { createFileRoute } from '@tanstack/react-router'
import { AuthPendingLoader, requireSignedIn } from '../../account/route-guard'
import { AddKidPage } from '../../kids/add-kid-page'

export const Route = createFileRoute('/add-kid')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
  component: AddKidRoute,
})

function AddKidRoute() {
  const { user } = Route.useRouteContext()
  return <AddKidPage userId={user.uid} />
}
