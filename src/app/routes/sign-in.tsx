import { createFileRoute, redirect } from '@tanstack/react-router'
import { redirectSearch } from '../search-params'

// /sign-in is a real route (old links use it) that sends the visitor to /login, keeping a return target.
export const Route = createFileRoute('/sign-in')({
  beforeLoad: ({ search }) => {
    const target = redirectSearch(search as Record<string, unknown>).redirect
    throw redirect({ to: '/login', search: target ? { redirect: target } : {}, replace: true })
  },
})
