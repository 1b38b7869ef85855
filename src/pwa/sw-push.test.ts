import { describe, expect, it } from 'vitest'
import { parsePush } from './sw-push'

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
})
