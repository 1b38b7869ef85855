import { describe, expect, it } from 'vitest'
import { addKidSearch, planSearch, redirectSearch, shareSearch } from './search-params'

describe("the routes' search params", () => {
  it('keep a same-site return target, and set any other to undefined', () => {
    expect(redirectSearch({ redirect: '/kid/abc?x=1' })).toEqual({ redirect: '/kid/abc?x=1' })
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil', '/login', 42, undefined])
      expect(redirectSearch({ redirect })).toEqual({ redirect: undefined })
  })

  it('keep a plan the app offers and a share id in its format, nothing else', () => {
    expect(planSearch({ plan: 'Weekly' })).toEqual({ plan: 'Weekly' })
    expect(planSearch({ plan: 'Yearly' })).toEqual({ plan: undefined })
    expect(shareSearch({ share: 'abcDEF12_-' })).toEqual({ share: 'abcDEF12_-' })
    expect(shareSearch({ share: 'short' })).toEqual({ share: undefined })
    expect(addKidSearch({ share: 'abcDEF12_-', plan: 'Daily', other: 'x' })).toEqual({
      share: 'abcDEF12_-',
      shared: undefined,
      plan: 'Daily',
    })
    expect(addKidSearch({})).toEqual({ share: undefined, shared: undefined, plan: undefined })
    // Why shared photos were left out: one of the worker's two words, nothing else.
    expect(addKidSearch({ shared: 'some-left-out' }).shared).toBe('some-left-out')
    expect(addKidSearch({ shared: 'none-kept' }).shared).toBe('none-kept')
    expect(addKidSearch({ shared: '<b>hi</b>' }).shared).toBeUndefined()
  })
})
