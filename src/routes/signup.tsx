import { createFileRoute } from '@tanstack/react-router'
import { safeRedirectTarget } from '../account/redirect-target'
import { SignupPage } from '../account/signup-page'

export const Route = createFileRoute('/signup')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirectTarget(search.redirect)
    return redirect ? { redirect } : {}
  },
  component: SignupRoute,
})

function SignupRoute() {
  const { redirect } = Route.useSearch()
  return <SignupPage redirectTo={redirect} />
}
