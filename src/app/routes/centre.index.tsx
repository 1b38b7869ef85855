import { createFileRoute } from '@tanstack/react-router'
import { RegistrationsPage } from '#centre/registrations-page'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/centre/')({
  head: () => pageHead(documentTitle('Registrations')),
  component: RegistrationsRoute,
})

function RegistrationsRoute() {
  const { centre } = Route.useRouteContext()
  if (centre.access !== 'staff') return null
  return <RegistrationsPage store={centre.store} downloadPhoto={centre.downloadPhoto} />
}
