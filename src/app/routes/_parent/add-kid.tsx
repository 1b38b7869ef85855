import { createFileRoute } from '@tanstack/react-router'
import { AddKidPage } from '../../../kids/add-kid-page'
import { documentTitle, pageHead } from '../../../shared/config/document-title'
import { isShareId } from '../../../shared/device/share-id'
import { isKidPlan, type KidPlan } from '../../../shared/records/kid-plans'

export const Route = createFileRoute('/_parent/add-kid')({
  head: () => pageHead(documentTitle('Add Your Child')),
  // ?share=<id>: photos shared to the installed app from the phone's gallery (the service worker keeps them).
  // ?plan=: the plan chosen on a plan card, preselected in the form.
  validateSearch: (
    search: Record<string, unknown>,
  ): { share?: string | undefined; plan?: KidPlan | undefined } => ({
    share: isShareId(search.share) ? search.share : undefined,
    plan: isKidPlan(search.plan) ? search.plan : undefined,
  }),
  component: AddKidRoute,
})

function AddKidRoute() {
  const { user } = Route.useRouteContext()
  const { share, plan } = Route.useSearch()
  return <AddKidPage userId={user.uid} share={share} plan={plan} />
}
