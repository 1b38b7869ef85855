import { createFileRoute, redirect } from '@tanstack/react-router'
import { redirectSearch } from '#app/search-params'

// /sign-in is a real route (old links use it) that sends the visitor to /login, keeping a return target.
export const Route = createFileRoute('/sign-in')({
  // An unsafe or missing target is undefined, which the router leaves out of the URL.
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/login', search: redirectSearch(search as Record<string, unknown>), replace: true })
  },
})
