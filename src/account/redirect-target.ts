// Where to go after signing in. The target travels in the URL (?redirect=...), so it is
// untrusted: only a path on this site is accepted, never another origin or the sign-in screens themselves.
const signInPaths = ['/login', '/signup', '/sign-in']

export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // '//host' and '/\host' are read by browsers as another origin.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  if (value.length > 2000) return undefined
  const path = value.split(/[?#]/)[0] ?? ''
  if (signInPaths.some((p) => path === p || path.startsWith(`${p}/`))) return undefined
  return value
}

/** The spec's default after signing in or up. */
export const AFTER_SIGN_IN = '/profile'

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
