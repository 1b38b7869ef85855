import { createFileRoute } from '@tanstack/react-router'
import { KidDetailPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/kid/$kidId')({
  head: () => pageHead(documentTitle('Child Details')),
  component: KidDetailRoute,
})

function KidDetailRoute() {
  const { user } = Route.useRouteContext()
  const { kidId } = Route.useParams()
  return <KidDetailPage key={kidId} kidId={kidId} userId={user.uid} />
}
