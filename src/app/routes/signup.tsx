import { createFileRoute } from '@tanstack/react-router'
import { redirectSearch } from '#app/search-params'
import { SignupPage } from '#parent'
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
