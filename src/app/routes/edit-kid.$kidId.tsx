import { createFileRoute } from '@tanstack/react-router'
import { AuthPendingLoader, requireSignedIn } from '../../account/route-guard'
import { EditKidPage } from '../../kids/edit-kid-page'

export const Route = createFileRoute('/edit-kid/$kidId')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
  component: EditKidRoute,
})

function EditKidRoute() {
  const { user } = Route.useRouteContext()
  const { kidId } = Route.useParams()
  // key: another child's edit starts from a fresh form.
  return <EditKidPage key={kidId} kidId={kidId} userId={user.uid} />
}
