// Going on after signing in or up. Kept out of redirect-target.ts, which every page's route tree
// carries (the sign-in routes check their ?redirect= with it): only the sign-in forms load this.

/** The router's two calls that entering the next screen needs. */
interface Navigator {
  preloadRoute(options: { to: string; search: Record<string, string> }): Promise<unknown>
  navigate(options: { href: string; replace: boolean }): Promise<void>
}

/**
 * Goes to `href` after signing in or up, once its screen is ready: the parent area's code, its guard
 * and its data load first (the form still shows that it is busy), so the next screen appears whole,
 * never the 'Checking that you are signed in…' loader in between.
 */
export async function enterAfterSignIn(router: Navigator, href: string): Promise<void> {
  const url = new URL(href, 'https://sunbeam.invalid')
  await router
    .preloadRoute({ to: url.pathname, search: Object.fromEntries(url.searchParams) })
    .catch(() => undefined)
  await router.navigate({ href, replace: true })
}
