import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useMemo } from 'react'
import { planSearch } from '#app/search-params'
import { keepParentPicture, ProfilePage, sessionActions, takeOverFromPicture, YourKids } from '#parent'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/profile')({
  head: () => pageHead(documentTitle('My Profile')),
  // ?plan=: the plan a visitor chose on a plan card ('Choose Plan'), carried on to the add form.
  validateSearch: planSearch,
  // 'My Profile' shows with 'Your Kids' filled in, never with an empty list a moment before it: the
  // first read of the outbox and of Firestore's cache happens here (at once when already known), with the
  // Notices section's code. Both load through the guard (parent-guard.ts), never with the route tree
  // every page carries.
  loader: ({ context: { parts, scope } }) => parts.profile(scope),
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user, scope, session } = Route.useRouteContext()
  const { plan } = Route.useSearch()
  const { NoticesSection } = Route.useLoaderData()
  // One object per scope: signing out disposes it.
  const actions = useMemo(() => sessionActions(scope), [scope])
  // The device's picture of this screen, drawn before the app loaded, gives way to it in one frame once
  // it shows the same (before the browser paints, hence a layout effect); then the screen is kept as the
  // picture for the next start (docs/decisions/0033).
  useLayoutEffect(() => takeOverFromPicture(), [])
  useEffect(
    () =>
      keepParentPicture(user.uid, () => {
        const state = session.getState()
        return state.status === 'signedIn' && state.user.uid === user.uid
      }),
    [session, user.uid],
  )
  return (
    <ProfilePage
      chosenPlan={plan}
      kidsSection={<YourKids userId={user.uid} />}
      noticesSection={<NoticesSection />}
      actions={actions}
      session={session}
    />
  )
}
