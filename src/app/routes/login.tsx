import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../account/login-page'
import { safeRedirectTarget } from '../../account/redirect-target'
import { documentTitle, pageHead } from '../../shared/config/document-title'

export const Route = createFileRoute('/login')({
  // The router keeps raw search keys it is not told to replace, so an unsafe target is set to undefined.
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirectTarget(search.redirect),
  }),
  head: () => pageHead(documentTitle('Sign In')),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
