import { describe, expect, it } from 'vitest'
import { mailtoHref } from './inquiries-view'

describe("the inquiry's mailto: link", () => {
  it('opens a message to the one address, whatever an older record holds', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com')
    expect(mailtoHref('ada+visit@example.com')).toBe('mailto:ada%2Bvisit@example.com')
    // Saved before the check: the query part stays inside the address, no Bcc, no body.
    const hijack = mailtoHref('ada@x.org?bcc=eve%40evil.example&body=hi')
    expect(hijack).toBe('mailto:ada@x.org%3Fbcc%3Deve%2540evil.example%26body%3Dhi')
    expect(new URL(hijack).search).toBe('')
    expect(mailtoHref('a,b@x.org')).toBe('mailto:a%2Cb@x.org')
  })
})
