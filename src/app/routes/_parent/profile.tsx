import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../../account/profile-page'
import { YourKids } from '../../../kids/your-kids'
import { documentTitle, pageHead } from '../../../shared/config/document-title'

export const Route = createFileRoute('/_parent/profile')({
  head: () => pageHead(documentTitle('My Profile')),
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user } = Route.useRouteContext()
  return <ProfilePage kidsSection={<YourKids userId={user.uid} />} />
}
