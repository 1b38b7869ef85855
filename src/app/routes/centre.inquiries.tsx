import { createFileRoute } from '@tanstack/react-router'
import { InquiriesPage } from '#centre/inquiries-page'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/centre/inquiries')({
  head: () => pageHead(documentTitle('Inquiries')),
  component: InquiriesRoute,
})

function InquiriesRoute() {
  const { centre } = Route.useRouteContext()
  if (centre.access !== 'staff') return null
  return <InquiriesPage store={centre.store} />
}
