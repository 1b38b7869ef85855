import { createFileRoute } from '@tanstack/react-router'
import { AuthPendingLoader, requireSignedIn } from '../../account/route-guard'
import { KidDetailPage } from '../../kids/kid-detail-page'

export const Route = createFileRoute('/kid/$kidId')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
  component: KidDetailRoute,
})

function KidDetailRoute() {
  const { user } = Route.useRouteContext()
  const { kidId } = Route.useParams()
  return <KidDetailPage key={kidId} kidId={kidId} userId={user.uid} />
}
