import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense, useMemo } from 'react'
import { ProfilePage } from '#account/profile-page'
import { sessionActions } from '#app/parent-session'
import { planSearch } from '#app/search-params'
import { YourKids } from '#kids/your-kids'
import { documentTitle, pageHead } from '#shared/config/document-title'

// Its own chunk, loaded by the profile itself (not listed in the route tree every page carries).
const NoticesSection = lazy(() =>
  import('#notices/notices-section').then((module) => ({ default: module.NoticesSection })),
)

export const Route = createFileRoute('/_parent/profile')({
  head: () => pageHead(documentTitle('My Profile')),
  // ?plan=: the plan a visitor chose on a plan card ('Choose Plan'), carried on to the add form.
  validateSearch: planSearch,
  // 'My Profile' shows with 'Your Kids' filled in, never with an empty list a moment before it: the
  // first read of the outbox and of Firestore's cache happens here (at once when already known). The
  // kids' data code (Dexie) loads here too, never with the route tree every page carries.
  loader: async ({ context: { outbox, user } }) => {
    const { kidsDataReady, prepareKidsData } = await import('#kids/kids-data')
    if (!kidsDataReady(outbox, user.uid)) await prepareKidsData(outbox, user.uid)
  },
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user, outbox, session } = Route.useRouteContext()
  const { plan } = Route.useSearch()
  // One object per session: 'Your data' follows the outbox through it.
  const actions = useMemo(() => sessionActions(outbox, user), [outbox, user])
  return (
    <ProfilePage
      chosenPlan={plan}
      kidsSection={<YourKids userId={user.uid} />}
      noticesSection={
        <Suspense fallback={null}>
          <NoticesSection userId={user.uid} />
        </Suspense>
      }
      actions={actions}
      session={session}
    />
  )
}
