import { describe, expect, it } from 'vitest'
import { safeRedirectTarget } from './redirect-target'

describe('safeRedirectTarget', () => {
  it('accepts paths on this site, with search and hash', () => {
    expect(safeRedirectTarget('/profile')).toBe('/profile')
    expect(safeRedirectTarget('/edit-kid/abc?x=1#top')).toBe('/edit-kid/abc?x=1#top')
  })

  it('refuses other sites, protocol-relative and backslash tricks', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'profile',
      'javascript:alert(1)',
    ])
      expect(safeRedirectTarget(value)).toBeUndefined()
  })

  it('refuses the sign-in screens themselves (no loops) and non-strings', () => {
    for (const value of ['/login', '/login?redirect=/profile', '/signup', '/sign-in', 42, undefined, null])
      expect(safeRedirectTarget(value)).toBeUndefined()
    expect(safeRedirectTarget('/loginx')).toBe('/loginx')
  })

  it('refuses absurdly long targets', () => {
    expect(safeRedirectTarget(`/${'a'.repeat(2001)}`)).toBeUndefined()
  })
})
