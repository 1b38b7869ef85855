// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  REMEMBERED_PARENT_KEY,
  readRememberedEmailVerified,
  readRememberedParent,
  rememberParent,
} from './remembered-parent'

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
