import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../account/profile-page'
import { AuthPendingLoader, requireSignedIn } from '../../account/route-guard'
import { YourKids } from '../../kids/your-kids'

export const Route = createFileRoute('/profile')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user } = Route.useRouteContext()
  return <ProfilePage kidsSection={<YourKids userId={user.uid} />} />
}
