import { createFileRoute } from '@tanstack/react-router'
import { AddKidPage } from '../../../kids/add-kid-page'
import { documentTitle, pageHead } from '../../../shared/config/document-title'

export const Route = createFileRoute('/_parent/add-kid')({
  head: () => pageHead(documentTitle('Add Your Child')),
  component: AddKidRoute,
})

function AddKidRoute() {
  const { user } = Route.useRouteContext()
  return <AddKidPage userId={user.uid} />
}
