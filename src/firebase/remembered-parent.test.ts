// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  REMEMBERED_PARENT_KEY,
  readRememberedEmailVerified,
  readRememberedParent,
  readRememberedStaff,
} from '#shared/device/remembered-account'
import { rememberParent, rememberStaff } from './remembered-parent'

afterEach(() => localStorage.clear())

const ada = { uid: 'ada', email: 'ada@example.com', displayName: 'Ada Obi' }

describe('the remembered parent', () => {
  it('keeps whether the e-mail was verified, for that parent only, and nothing more', () => {
    rememberParent(ada, false)
    expect(readRememberedParent()).toEqual(ada)
    expect(readRememberedEmailVerified('ada')).toBe(false)
    expect(readRememberedEmailVerified('bola')).toBeNull()
    rememberParent(ada, true)
    expect(readRememberedEmailVerified('ada')).toBe(true)
    expect(Object.keys(JSON.parse(localStorage.getItem(REMEMBERED_PARENT_KEY) ?? '{}')).sort()).toEqual([
      'displayName',
      'email',
      'emailVerified',
      // Whether the token said staff (a boolean, never the token itself): docs/decisions/0083.
      'staff',
      'uid',
    ])
  })

  it('knows nothing of the e-mail when it was not said, or once the parent is gone', () => {
    rememberParent(ada)
    expect(readRememberedEmailVerified('ada')).toBeNull()
    rememberParent(ada, false)
    rememberParent(null)
    expect(readRememberedEmailVerified('ada')).toBeNull()
  })
})

describe('the remembered member of staff', () => {
  it('is staff only when the token held at the last confirmation said so, for that account only', () => {
    rememberParent(ada, true, true)
    expect(readRememberedStaff('ada')).toBe(true)
    expect(readRememberedStaff('bola')).toBe(false)
    rememberParent(ada, true)
    expect(readRememberedStaff('ada')).toBe(false)
  })

  it('follows what a fresh token said, and nothing once the account is gone', () => {
    rememberParent(ada, true, false)
    rememberStaff('ada', true)
    expect(readRememberedStaff('ada')).toBe(true)
    rememberStaff('bola', false)
    expect(readRememberedStaff('ada')).toBe(true)
    rememberStaff('ada', false)
    expect(readRememberedStaff('ada')).toBe(false)
    rememberParent(null)
    rememberStaff('ada', true)
    expect(readRememberedStaff('ada')).toBe(false)
    expect(readRememberedParent()).toBeNull()
  })
})
