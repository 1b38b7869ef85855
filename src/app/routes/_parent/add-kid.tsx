import { createFileRoute } from '@tanstack/react-router'
import { addKidSearch } from '#app/search-params'
import { AddKidPage } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/add-kid')({
  head: () => pageHead(documentTitle('Add Your Child')),
  // ?share=<id>: photos shared to the installed app from the phone's gallery (the service worker keeps them).
  // ?shared=: why some or all of the shared photos were left out (the worker's redirect says so).
  // ?plan=: the plan chosen on a plan card, preselected in the form.
  validateSearch: addKidSearch,
  // The form starts with the parent's name and phone from their last child: the children known on this
  // device are read before it shows (as /profile does; at once when already known), through the guard
  // (parent-guard.ts) like /profile's.
  loader: ({ context: { parts, scope } }) => parts.kids(scope),
  component: AddKidRoute,
})

function AddKidRoute() {
  const { user } = Route.useRouteContext()
  const { share, shared, plan } = Route.useSearch()
  return (
    <AddKidPage
      userId={user.uid}
      accountName={user.displayName}
      share={share}
      shareNote={shared}
      plan={plan}
    />
  )
}
