import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../account/login-page'
import { safeRedirectTarget } from '../account/redirect-target'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirectTarget(search.redirect)
    return redirect ? { redirect } : {}
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
