import { describe, expect, it } from 'vitest'
import { nameForNewAccount, newUserRecord, normalizeUserName, USER_NAME_MAX } from './user-record'

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
})
