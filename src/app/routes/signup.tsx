import { createFileRoute } from '@tanstack/react-router'
import { SignupPage } from '../../account/signup-page'
import { documentTitle, pageHead } from '../../shared/config/document-title'
import { redirectSearch } from '../search-params'

export const Route = createFileRoute('/signup')({
  validateSearch: redirectSearch,
  head: () => pageHead(documentTitle('Sign Up')),
  component: SignupRoute,
})

function SignupRoute() {
  const { redirect } = Route.useSearch()
  return <SignupPage redirectTo={redirect} />
}
