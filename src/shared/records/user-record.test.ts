import { describe, expect, it } from 'vitest'
import {
  isValidUserName,
  nameForNewAccount,
  newUserRecord,
  normalizeUserName,
  USER_NAME_MAX,
} from './user-record'

describe('user record', () => {
  it('trims names, folds inner whitespace and cuts them to the limit', () => {
    expect(normalizeUserName('  Ada   Lovelace ')).toBe('Ada Lovelace')
    expect(normalizeUserName('x'.repeat(USER_NAME_MAX + 10))).toHaveLength(USER_NAME_MAX)
  })

  it('gives a blank name the part of the e-mail before the @', () => {
    expect(nameForNewAccount('   ', 'sam.parent@example.com')).toBe('sam.parent')
    expect(nameForNewAccount('Sam', 'sam.parent@example.com')).toBe('Sam')
  })

  it('holds name and e-mail only: never a password', () => {
    expect(newUserRecord(' Sam ', ' sam@example.com ')).toEqual({ name: 'Sam', email: 'sam@example.com' })
  })

  it('makes a name one line without controls or bidi marks, cut by characters', () => {
    expect(normalizeUserName('Ada\nLove\tlace\u202E')).toBe('Ada Love lace')
    expect(normalizeUserName('\u202E\u2066')).toBe('')
    expect(normalizeUserName('😀'.repeat(USER_NAME_MAX + 1))).toBe('😀'.repeat(USER_NAME_MAX))
    expect(nameForNewAccount('\u202E', 'sam@example.com')).toBe('sam')
  })

  it('says which names the rules accept as they are', () => {
    expect(isValidUserName('Ada Lovelace')).toBe(true)
    expect(isValidUserName('😀'.repeat(USER_NAME_MAX))).toBe(true)
    expect(isValidUserName('😀'.repeat(USER_NAME_MAX + 1))).toBe(false)
    for (const bad of ['', '   ', '\u00A0', 'Ada\nL', 'Ada\u202E', 'Ada\u0000'])
      expect(isValidUserName(bad)).toBe(false)
  })
})
