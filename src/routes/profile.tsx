import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../account/profile-page'
import { AuthPendingLoader, requireSignedIn } from '../account/route-guard'

export const Route = createFileRoute('/profile')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: AuthPendingLoader,
  pendingMs: 0,
  component: ProfileRoute,
})

function ProfileRoute() {
  return <ProfilePage kidsSection={null} />
}
