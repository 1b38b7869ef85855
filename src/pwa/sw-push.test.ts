import { describe, expect, it } from 'vitest'
import { parsePush, sitePath } from './sw-push'

describe('a push message as a notification', () => {
  it('shows the notice of the function, and opens the child page', () => {
    const text = JSON.stringify({
      title: 'Sunbeam Day Care & Baby Care',
      body: "Amara's place is confirmed from 4 January 2027.",
      noticeId: 'kid1-5',
      url: '/kid/kid1',
    })
    expect(parsePush(text)).toEqual({
      title: 'Sunbeam Day Care & Baby Care',
      body: "Amara's place is confirmed from 4 January 2027.",
      url: '/kid/kid1',
      tag: 'notice-kid1-5',
    })
  })

  it('never opens another site, and shows something for a message it cannot read', () => {
    expect(parsePush(JSON.stringify({ body: 'x', url: 'https://evil.example/' })).url).toBe(
      '/profile#notices',
    )
    expect(parsePush(JSON.stringify({ body: 'x', url: '//evil.example/' })).url).toBe('/profile#notices')
    expect(parsePush('plain words')).toMatchObject({ body: 'plain words', url: '/profile#notices' })
    expect(parsePush(null)).toMatchObject({ title: 'Sunbeam', body: 'There is news from the centre.' })
  })

  it('opens only a path of this site: no backslash, no control character, nothing resolving elsewhere', () => {
    const origin = 'https://sunbeam.example'
    for (const url of [
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /kid/kid1',
      'https://evil.example/kid/kid1',
      'javascript:alert(1)',
      'kid/kid1',
      '',
      42,
      null,
    ]) {
      expect(sitePath(url, origin), JSON.stringify(url)).toBeNull()
      expect(parsePush(JSON.stringify({ body: 'x', url })).url, JSON.stringify(url)).toBe('/profile#notices')
    }
    // The control: this site's paths, with their query and fragment, as the function sends them.
    expect(sitePath('/kid/kid1', origin)).toBe('/kid/kid1')
    expect(sitePath('/profile?x=1#notices', origin)).toBe('/profile?x=1#notices')
    expect(parsePush(JSON.stringify({ body: 'x', url: '/kid/kid1' })).url).toBe('/kid/kid1')
  })
})
