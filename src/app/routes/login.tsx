import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '#account/login-page'
import { redirectSearch } from '#app/search-params'
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
