// App Check with reCAPTCHA Enterprise (docs/decisions/0021-app-check.md), loaded by the adapter only when
// a site key is configured. Firestore and Storage then send an App Check token with each request, and
// once enforcement is on in the console, requests without one (a script writing inquiries straight to
// the API) are refused.
//
// The Firebase SDK would load reCAPTCHA itself by assigning a plain string to a script's src, which the
// site's Trusted Types refuse, and without `trustedtypes=true`, which reCAPTCHA needs to run under them.
// So the script is loaded here first, through a narrow named policy; the SDK then finds
// grecaptcha.enterprise and loads nothing.
import type { FirebaseApp } from 'firebase/app'
import {
  type AppCheck,
  CustomProvider,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
} from 'firebase/app-check'
import type { AppCheckSettings } from './app-check-config'

export const RECAPTCHA_ENTERPRISE_URL = 'https://www.google.com/recaptcha/enterprise.js?trustedtypes=true'
/** The Trusted Types policy that makes only that address (listed in the deployed policy's trusted-types). */
export const RECAPTCHA_POLICY = 'sunbeam-recaptcha'

interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): {
    createScriptURL(url: string): unknown
  }
}

interface AppCheckScope {
  trustedTypes?: TrustedTypesFactory
  grecaptcha?: { enterprise?: unknown }
  FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean
}

let scriptPolicy: { createScriptURL(url: string): unknown } | null = null

/** reCAPTCHA Enterprise's script, added to the page once; resolves when it has loaded. */
export function loadRecaptcha(doc: Document = document, scope: AppCheckScope = globalThis as AppCheckScope) {
  return new Promise<void>((resolve, reject) => {
    if (scope.grecaptcha?.enterprise) return resolve()
    const script = doc.createElement('script')
    scriptPolicy ??=
      scope.trustedTypes?.createPolicy(RECAPTCHA_POLICY, {
        createScriptURL(url) {
          if (url !== RECAPTCHA_ENTERPRISE_URL) throw new TypeError(`${RECAPTCHA_POLICY}: ${url} refused`)
          return url
        },
      }) ?? null
    script.src = (scriptPolicy?.createScriptURL(RECAPTCHA_ENTERPRISE_URL) ??
      RECAPTCHA_ENTERPRISE_URL) as string
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      reject(new Error('reCAPTCHA could not be loaded'))
    }
    doc.head.append(script)
  })
}

/** Resolves at the next 'online' event. */
const nextOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }))

/**
 * Starts App Check for `app`. With the emulators, the debug provider: the SDK exchanges the debug token
 * (VITE_FIREBASE_APPCHECK_DEBUG_TOKEN, or one it makes and logs) and reCAPTCHA is never loaded. Otherwise
 * reCAPTCHA Enterprise, once its script has loaded (offline: when the device is back online).
 */
export async function startAppCheck(
  app: FirebaseApp,
  settings: AppCheckSettings,
  scope: AppCheckScope = globalThis as AppCheckScope,
): Promise<AppCheck> {
  if (settings.debug) {
    scope.FIREBASE_APPCHECK_DEBUG_TOKEN = settings.debugToken || true
    // Never asked in debug mode (the SDK uses the debug token); a provider that loads nothing.
    const unused = new CustomProvider({
      getToken: () => Promise.reject(new Error('App Check uses its debug token here')),
    })
    return initializeAppCheck(app, { provider: unused, isTokenAutoRefreshEnabled: true })
  }
  for (;;) {
    try {
      await loadRecaptcha(document, scope)
      break
    } catch {
      await nextOnline()
    }
  }
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(settings.siteKey),
    isTokenAutoRefreshEnabled: true,
  })
}

/** For tests: forget the policy made. */
export function resetAppCheckScript(): void {
  scriptPolicy = null
}
