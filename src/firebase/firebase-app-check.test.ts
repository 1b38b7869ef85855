// @vitest-environment jsdom
import type { FirebaseApp } from 'firebase/app'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const sdk = vi.hoisted(() => ({
  initializeAppCheck: vi.fn((_app: unknown, options: { provider: unknown }) => ({ options })),
  providers: [] as { kind: string; arg: unknown }[],
}))

vi.mock('firebase/app-check', () => ({
  initializeAppCheck: sdk.initializeAppCheck,
  CustomProvider: class {
    constructor(options: unknown) {
      sdk.providers.push({ kind: 'custom', arg: options })
    }
  },
  ReCaptchaEnterpriseProvider: class {
    constructor(siteKey: string) {
      sdk.providers.push({ kind: 'enterprise', arg: siteKey })
    }
  },
}))

const { RECAPTCHA_ENTERPRISE_URL, RECAPTCHA_POLICY, resetAppCheckScript, startAppCheck } = await import(
  './firebase-app-check'
)
const { appCheckSettings } = await import('./app-check-config')

const app = { name: '[DEFAULT]' } as FirebaseApp
const settings = { siteKey: 'site-key-1', debug: false, debugToken: '' }

function scripts() {
  return [...document.head.querySelectorAll('script')]
}

beforeEach(() => {
  sdk.initializeAppCheck.mockClear()
  sdk.providers.length = 0
})

afterEach(() => {
  for (const script of scripts()) script.remove()
  resetAppCheckScript()
  vi.unstubAllEnvs()
})

describe('appCheckSettings', () => {
  it('is off without a site key, and uses the debug provider with the emulators', () => {
    vi.stubEnv('VITE_FIREBASE_APPCHECK_SITE_KEY', '')
    expect(appCheckSettings(false)).toBeNull()
    vi.stubEnv('VITE_FIREBASE_APPCHECK_SITE_KEY', 'key')
    vi.stubEnv('VITE_FIREBASE_APPCHECK_DEBUG_TOKEN', 'token-1')
    expect(appCheckSettings(false)).toEqual({ siteKey: 'key', debug: false, debugToken: 'token-1' })
    expect(appCheckSettings(true)).toMatchObject({ debug: true })
  })
})

describe('startAppCheck', () => {
  it('with the emulators: the debug token, and reCAPTCHA is never loaded', async () => {
    const scope: { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean } = {}
    await startAppCheck(app, { ...settings, debug: true }, scope)
    expect(scope.FIREBASE_APPCHECK_DEBUG_TOKEN).toBe(true)
    expect(sdk.providers.map((provider) => provider.kind)).toEqual(['custom'])
    expect(sdk.initializeAppCheck).toHaveBeenCalledWith(
      app,
      expect.objectContaining({ isTokenAutoRefreshEnabled: true }),
    )
    expect(scripts()).toEqual([])

    await startAppCheck(app, { ...settings, debug: true, debugToken: 'ci-token' }, scope)
    expect(scope.FIREBASE_APPCHECK_DEBUG_TOKEN).toBe('ci-token')
  })

  it("loads reCAPTCHA Enterprise through the site's narrow policy, then starts App Check with it", async () => {
    const made: string[] = []
    const createPolicy = vi.fn((_name: string, rules: { createScriptURL(url: string): string }) => ({
      createScriptURL(url: string) {
        made.push(rules.createScriptURL(url))
        return url
      },
    }))
    const scope = { trustedTypes: { createPolicy } }
    const starting = startAppCheck(app, settings, scope)
    await vi.waitFor(() => expect(scripts()).toHaveLength(1))
    expect(scripts()[0]?.src).toBe(RECAPTCHA_ENTERPRISE_URL)
    expect(RECAPTCHA_ENTERPRISE_URL).toContain('trustedtypes=true')
    expect(createPolicy).toHaveBeenCalledWith(RECAPTCHA_POLICY, expect.anything())
    expect(made).toEqual([RECAPTCHA_ENTERPRISE_URL])
    // The policy makes that one address only.
    const rules = createPolicy.mock.calls[0]?.[1]
    expect(() => rules?.createScriptURL('https://www.google.com/recaptcha/api.js')).toThrow(TypeError)
    // Not started before the script has loaded: the SDK would load it itself, refused by Trusted Types.
    expect(sdk.initializeAppCheck).not.toHaveBeenCalled()
    scripts()[0]?.dispatchEvent(new Event('load'))
    await starting
    expect(sdk.providers).toEqual([{ kind: 'enterprise', arg: 'site-key-1' }])
    expect(sdk.initializeAppCheck).toHaveBeenCalledTimes(1)
  })

  it('offline: tries the script again when the device is back online', async () => {
    const starting = startAppCheck(app, settings, {})
    await vi.waitFor(() => expect(scripts()).toHaveLength(1))
    scripts()[0]?.dispatchEvent(new Event('error'))
    await vi.waitFor(() => expect(scripts()).toHaveLength(0))
    expect(sdk.initializeAppCheck).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(scripts()).toHaveLength(1))
    scripts()[0]?.dispatchEvent(new Event('load'))
    await starting
    expect(sdk.initializeAppCheck).toHaveBeenCalledTimes(1)
  })
})
