import { describe, expect, it } from 'vitest'
import { limitCharacters } from './field-limit'

describe('limits counted in characters', () => {
  it('takes text up to the limit, an emoji counting 1', () => {
    expect(limitCharacters('', '😀'.repeat(3), 3)).toBe('😀😀😀')
    expect(limitCharacters('ab', 'abc', 3)).toBe('abc')
  })

  it('cuts text added at the end to fit, never half an emoji', () => {
    expect(limitCharacters('', '😀'.repeat(5), 3)).toBe('😀😀😀')
    expect(limitCharacters('a', 'a😀😀😀', 3)).toBe('a😀😀')
  })

  it('refuses a change elsewhere that would pass the limit, as maxLength does', () => {
    expect(limitCharacters('abc', 'aXbc', 3)).toBe('abc')
    expect(limitCharacters('abc', 'abcd', 3)).toBe('abc')
  })

  it('takes any change that does not lengthen a value already over the limit', () => {
    expect(limitCharacters('abcd', 'abc', 3)).toBe('abc')
    expect(limitCharacters('abcd', 'abXd', 3)).toBe('abXd')
    expect(limitCharacters('abcd', 'abcdE', 3)).toBe('abcd')
  })
})
