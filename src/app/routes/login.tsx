import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../account/login-page'
import { safeRedirectTarget } from '../../account/redirect-target'
import { documentTitle, pageHead } from '../../shared/config/document-title'
import { siteConfig } from '../../shared/config/site-config'

export const Route = createFileRoute('/login')({
  // The router keeps raw search keys it is not told to replace, so an unsafe target is set to undefined.
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirectTarget(search.redirect),
  }),
  head: () =>
    pageHead(
      documentTitle('Sign In'),
      `Sign in to your ${siteConfig.shortName} parent account to manage your children's daycare registrations.`,
    ),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
