import { createFileRoute } from '@tanstack/react-router'
import { TodayPage } from '#centre/today/today-page'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/centre/today')({
  head: () => pageHead(documentTitle('Today')),
  component: TodayRoute,
})

function TodayRoute() {
  const { centre } = Route.useRouteContext()
  if (centre.access !== 'staff') return null
  // One screen per account: nothing one account's door drew (its snapshot, its lists) is kept for the next.
  return <TodayPage key={centre.user.uid} staffUid={centre.user.uid} onListDrawn={centre.listDrawn} />
}
