import { createFileRoute } from '@tanstack/react-router'
import { AddKidPage } from '../../../kids/add-kid-page'
import { documentTitle, pageHead } from '../../../shared/config/document-title'
import { isShareId } from '../../../shared/device/share-id'

export const Route = createFileRoute('/_parent/add-kid')({
  head: () => pageHead(documentTitle('Add Your Child')),
  // ?share=<id>: photos shared to the installed app from the phone's gallery (the service worker keeps them).
  validateSearch: (search: Record<string, unknown>): { share?: string | undefined } => ({
    share: isShareId(search.share) ? search.share : undefined,
  }),
  component: AddKidRoute,
})

function AddKidRoute() {
  const { user } = Route.useRouteContext()
  const { share } = Route.useSearch()
  return <AddKidPage userId={user.uid} share={share} />
}
