// App Check (docs/decisions/0021-app-check.md): on when a reCAPTCHA Enterprise site key is configured
// (VITE_FIREBASE_APPCHECK_SITE_KEY). Read apart from the App Check module so that, without a key, the
// adapter never loads it.
const env = import.meta.env

export interface AppCheckSettings {
  /** The reCAPTCHA Enterprise site key (score-based, for the site's domains). */
  readonly siteKey: string
  /** With the emulators: the debug provider instead of reCAPTCHA (nothing is loaded from Google). */
  readonly debug: boolean
  /** The debug token registered in the Firebase console (CI); without one the SDK makes and logs one. */
  readonly debugToken: string
}

/** The settings, or null when App Check is off (no site key). */
export function appCheckSettings(useEmulators: boolean): AppCheckSettings | null {
  const siteKey = env.VITE_FIREBASE_APPCHECK_SITE_KEY ?? ''
  if (!siteKey) return null
  return { siteKey, debug: useEmulators, debugToken: env.VITE_FIREBASE_APPCHECK_DEBUG_TOKEN ?? '' }
}
