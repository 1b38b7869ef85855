import { createFileRoute } from '@tanstack/react-router'
import { redirectSearch } from '#app/search-params'
import { LoginPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/login')({
  validateSearch: redirectSearch,
  head: () => pageHead(documentTitle('Sign In')),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
