import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  allowedScriptUrl,
  resetTrustedScriptUrl,
  SCRIPT_URL_POLICY,
  trustedScriptUrl,
} from './trusted-script-url'

afterEach(() => resetTrustedScriptUrl())

/** A browser with Trusted Types: createPolicy records the policy, its values are wrapped. */
function browserWithTrustedTypes() {
  const createPolicy = vi.fn((_name: string, rules: { createScriptURL(url: string): string }) => ({
    createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }),
  }))
  return { scope: { trustedTypes: { createPolicy } } as unknown as typeof globalThis, createPolicy }
}

describe('trustedScriptUrl', () => {
  it("makes the service worker's address through one named policy, created once", () => {
    const { scope, createPolicy } = browserWithTrustedTypes()
    expect(trustedScriptUrl('/sw.js', scope)).toEqual({ trusted: '/sw.js' })
    expect(trustedScriptUrl('/sw.js', scope)).toEqual({ trusted: '/sw.js' })
    expect(createPolicy).toHaveBeenCalledTimes(1)
    expect(createPolicy.mock.calls[0]?.[0]).toBe(SCRIPT_URL_POLICY)
  })

  it('refuses any other address, with Trusted Types or without', () => {
    const { scope } = browserWithTrustedTypes()
    for (const url of ['/assets/x.js', 'https://evil.example/sw.js', '/sw.js?x', 'data:text/javascript,1']) {
      expect(() => trustedScriptUrl(url, scope)).toThrow(TypeError)
      expect(() => allowedScriptUrl(url)).toThrow(`${SCRIPT_URL_POLICY} refuses ${url}`)
    }
  })

  it('gives the plain address in a browser without Trusted Types', () => {
    expect(trustedScriptUrl('/sw.js', {} as typeof globalThis)).toBe('/sw.js')
  })
})
