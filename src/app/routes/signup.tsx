import { createFileRoute } from '@tanstack/react-router'
import { safeRedirectTarget } from '../../account/redirect-target'
import { SignupPage } from '../../account/signup-page'
import { documentTitle, pageHead } from '../../shared/config/document-title'

export const Route = createFileRoute('/signup')({
  // The router keeps raw search keys it is not told to replace, so an unsafe target is set to undefined.
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirectTarget(search.redirect),
  }),
  head: () => pageHead(documentTitle('Sign Up')),
  component: SignupRoute,
})

function SignupRoute() {
  const { redirect } = Route.useSearch()
  return <SignupPage redirectTo={redirect} />
}
