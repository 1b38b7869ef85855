import { describe, expect, it } from 'vitest'
import { dateFormat } from './date-format'

describe('dateFormat', () => {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }

  it('writes what Date#toLocaleDateString writes', () => {
    const at = new Date(Date.UTC(2026, 10, 26, 23, 30))
    expect(dateFormat('en-GB', options).format(at)).toBe(at.toLocaleDateString('en-GB', options))
    expect(dateFormat('en-GB', options).format(at)).toBe('27 November 2026')
  })

  it('makes one formatter per locale and shape, and keeps it', () => {
    expect(dateFormat('en-GB', { ...options })).toBe(dateFormat('en-GB', options))
    expect(dateFormat('en-CA', options)).not.toBe(dateFormat('en-GB', options))
    expect(dateFormat('en-GB', { ...options, month: 'short' })).not.toBe(dateFormat('en-GB', options))
  })
})
