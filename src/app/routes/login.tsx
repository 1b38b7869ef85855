import { createFileRoute } from '@tanstack/react-router'
import { redirectSearch } from '#app/search-params'
import { LoginPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/login')({
  validateSearch: redirectSearch,
  // Sent here by /centre (a member of staff): the centre's code, with Firebase's, loads while they type,
  // not after they submit (npm run bench: /centre from the sign-in's submit). Nobody else's sign-in
  // loads it.
  beforeLoad: ({ context, search, preload }) => {
    if (!preload && search.redirect?.startsWith('/centre')) context.centreArea.load().catch(() => undefined)
  },
  head: () => pageHead(documentTitle('Sign In')),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTo={redirect} />
}
