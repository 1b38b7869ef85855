import { describe, expect, it } from 'vitest'
import { isKidId, newRandomId } from './ids'

describe('record ids', () => {
  it('a new id is 20 letters and digits, the format firestore.rules requires of kids/{kidId}', () => {
    for (let i = 0; i < 50; i += 1) {
      const id = newRandomId()
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/)
      expect(isKidId(id)).toBe(true)
    }
  })

  it('refuses any other id', () => {
    for (const id of ['k1', 'A'.repeat(19), 'A'.repeat(21), `${'A'.repeat(19)}-`, `${'A'.repeat(19)}é`, '']) {
      expect(isKidId(id)).toBe(false)
    }
  })
})
