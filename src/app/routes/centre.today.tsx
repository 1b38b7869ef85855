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
  return <TodayPage staffUid={centre.user.uid} />
}
