import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../account/login-page'
import { safeRedirectTarget } from '../../account/redirect-target'

export const Route = createFileRoute('/login')({
  // The router keeps raw search keys it is not told to replace, so an unsafe target is set to undefined.
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirectTarget(search.redirect),
  }),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
