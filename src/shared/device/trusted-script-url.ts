// Trusted Types (docs/decisions/0010-security-headers.md): the Content-Security-Policy requires a
// TrustedScriptURL wherever a string becomes the address of a script. In the app, its libraries and the
// Firebase SDK as the site uses them, one call does that: registering the service worker. This policy,
// named in the policy's `trusted-types`, makes exactly that one address and nothing else.

/** The policy's name, as listed in firebase.json's `trusted-types`. */
export const SCRIPT_URL_POLICY = 'sunbeam-script-url'

/** The only script addresses the app itself hands to a sink. */
const ALLOWED = new Set(['/sw.js'])

/** The part of the Trusted Types API used here (TypeScript's DOM typings do not have it yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy
}

/** Checks an address against the list: anything else is refused, whoever asks. */
export function allowedScriptUrl(url: string): string {
  if (!ALLOWED.has(url)) throw new TypeError(`${SCRIPT_URL_POLICY}: ${url} is not a script of the site`)
  return url
}

// A policy name may be created once per page (the header allows no duplicates): made on first use.
let policy: ScriptUrlPolicy | null = null

/**
 * `url` as the browser's sinks accept it: a TrustedScriptURL where the browser has Trusted Types, the
 * plain string elsewhere. Typed as a string, as the DOM typings expect one.
 */
export function trustedScriptUrl(url: string, scope: typeof globalThis = globalThis): string {
  const factory = (scope as { trustedTypes?: TrustedTypesFactory }).trustedTypes
  if (!factory) return allowedScriptUrl(url)
  policy ??= factory.createPolicy(SCRIPT_URL_POLICY, { createScriptURL: allowedScriptUrl })
  return policy.createScriptURL(url) as string
}

/** For tests: forget the policy made. */
export function resetTrustedScriptUrl(): void {
  policy = null
}
