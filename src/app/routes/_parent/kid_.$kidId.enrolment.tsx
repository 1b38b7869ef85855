import { createFileRoute } from '@tanstack/react-router'
import { EnrolmentPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/kid_/$kidId/enrolment')({
  head: () => pageHead(documentTitle('Enrolment File')),
  component: EnrolmentRoute,
})

function EnrolmentRoute() {
  const { user } = Route.useRouteContext()
  const { kidId } = Route.useParams()
  return <EnrolmentPage key={kidId} kidId={kidId} userId={user.uid} />
}
