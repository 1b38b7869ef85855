// Every route's search params, checked in one place. They come from the URL, so they are untrusted: each
// check keeps a value only if it is safe and known, and sets the key to undefined otherwise (the router
// keeps raw search keys it is not told to replace). Hand-written on purpose, as small arrow functions:
// the route tree, and so these checks, are in every page's first load, marketing pages included
// (docs/decisions/0019-forms.md has the bytes).
import { safeRedirectTarget } from '#parent/start'
import { isShareId, isShareNote, type ShareNote } from '#shared/device/share-id'
import { KID_PLANS, type KidPlan } from '#shared/records/kid-plans'

type Search = Record<string, unknown>

/** ?redirect=: a same-site path to go to after signing in or up (/login, /signup, /sign-in). */
export const redirectSearch = (search: Search): { redirect?: string | undefined } => ({
  redirect: safeRedirectTarget(search.redirect),
})

/** ?plan=: the plan chosen on a plan card, carried to the add form (/profile). */
export const planSearch = (search: Search): { plan?: KidPlan | undefined } => ({
  plan: KID_PLANS.find((plan) => plan === search.plan),
})

/** ?share=<id>: photos shared to the installed app from the phone's gallery, for a child (/edit-kid). */
export const shareSearch = (search: Search): { share?: string | undefined } => ({
  share: isShareId(search.share) ? search.share : undefined,
})

/** /add-kid: shared photos (and why some were left out) and a chosen plan. */
export const addKidSearch = (
  search: Search,
): { share?: string | undefined; shared?: ShareNote | undefined; plan?: KidPlan | undefined } => ({
  ...shareSearch(search),
  shared: isShareNote(search.shared) ? search.shared : undefined,
  ...planSearch(search),
})
