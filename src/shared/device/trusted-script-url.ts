// Trusted Types (docs/decisions/0010-security-headers.md): the Content-Security-Policy requires a
// TrustedScriptURL wherever a string becomes the address of a script. In the app, its libraries and the
// Firebase SDK as the site uses them, one call does that: registering the service worker. This policy,
// named in the policy's `trusted-types`, makes exactly that one address and nothing else.

/** The policy's name, as listed in firebase.json's `trusted-types`. */
export const SCRIPT_URL_POLICY = 'sunbeam-script-url'

/** The part of the Trusted Types API used here (TypeScript's DOM typings do not have it yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy
}

/** The only script address the app itself hands to a sink; anything else is refused, whoever asks. */
export function allowedScriptUrl(url: string): string {
  if (url !== '/sw.js') throw new TypeError(`${SCRIPT_URL_POLICY} refuses ${url}`)
  return url
}

// A policy name may be created once per page (the header allows no duplicates): made on first use. Kept
// small: this code is on every page, marketing ones included.
let policy: ScriptUrlPolicy | undefined

/**
 * `url` as the browser's sinks accept it: a TrustedScriptURL where the browser has Trusted Types, the
 * plain string elsewhere. Typed as a string, as the DOM typings expect one.
 */
export function trustedScriptUrl(url: string, scope: typeof globalThis = globalThis): string {
  policy ??= (scope as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy(SCRIPT_URL_POLICY, {
    createScriptURL: allowedScriptUrl,
  })
  return (policy ? policy.createScriptURL(url) : allowedScriptUrl(url)) as string
}

/** For tests: forget the policy made. */
export function resetTrustedScriptUrl(): void {
  policy = undefined
}
