import { createFileRoute } from '@tanstack/react-router'
import { shareSearch } from '#app/search-params'
import { EditKidPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/edit-kid/$kidId')({
  head: () => pageHead(documentTitle('Edit Your Child Info')),
  // ?share=<id>: photos shared to the installed app, for this child.
  validateSearch: shareSearch,
  component: EditKidRoute,
})

function EditKidRoute() {
  const { user } = Route.useRouteContext()
  const { kidId } = Route.useParams()
  const { share } = Route.useSearch()
  // key: another child's edit starts from a fresh form.
  return <EditKidPage key={kidId} kidId={kidId} userId={user.uid} share={share} />
}
