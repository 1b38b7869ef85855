import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import { ProfilePage } from '#account/profile-page'
import { sessionActions } from '#app/parent-session'
import { planSearch } from '#app/search-params'
import { YourKids } from '#kids/your-kids'
import { documentTitle, pageHead } from '#shared/config/document-title'

export const Route = createFileRoute('/_parent/profile')({
  head: () => pageHead(documentTitle('My Profile')),
  // ?plan=: the plan a visitor chose on a plan card ('Choose Plan'), carried on to the add form.
  validateSearch: planSearch,
  // 'My Profile' shows with 'Your Kids' filled in, never with an empty list a moment before it: the
  // first read of the outbox and of Firestore's cache happens here (at once when already known). The
  // kids' data code (Dexie) loads here too, never with the route tree every page carries. So does the
  // Notices section's (its own chunk), filled in with the page (the parent area's loader reads them).
  loader: async ({ context: { outbox, user } }) => {
    const [{ kidsDataReady, prepareKidsData }, { NoticesSection }] = await Promise.all([
      import('#kids/kids-data'),
      import('#notices/notices-section'),
    ])
    if (!kidsDataReady(outbox, user.uid)) await prepareKidsData(outbox, user.uid)
    return { NoticesSection }
  },
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user, outbox, session } = Route.useRouteContext()
  const { plan } = Route.useSearch()
  const { NoticesSection } = Route.useLoaderData()
  // One object per session: 'Your data' follows the outbox through it.
  const actions = useMemo(() => sessionActions(outbox, user), [outbox, user])
  return (
    <ProfilePage
      chosenPlan={plan}
      kidsSection={<YourKids userId={user.uid} />}
      noticesSection={<NoticesSection userId={user.uid} />}
      actions={actions}
      session={session}
    />
  )
}
