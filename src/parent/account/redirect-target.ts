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
