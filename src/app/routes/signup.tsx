import { createFileRoute } from '@tanstack/react-router'
import { SignupPage } from '#account/signup-page'
import { redirectSearch } from '#app/search-params'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/signup')({
  validateSearch: redirectSearch,
  head: () => pageHead(documentTitle('Sign Up')),
  component: SignupRoute,
})

function SignupRoute() {
  const { redirect } = Route.useSearch()
  return <SignupPage redirectTo={redirect} />
}
