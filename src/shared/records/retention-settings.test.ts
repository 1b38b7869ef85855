import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RETENTION_DAYS,
  parseRetentionDays,
  retentionDaysProblem,
  retentionFields,
} from './retention-settings'

describe('the retention period', () => {
  it('is the stored number of days within 30 days and 10 years, else the default', () => {
    expect(parseRetentionDays({ days: 365 })).toBe(365)
    expect(parseRetentionDays({ days: 30 })).toBe(30)
    for (const data of [undefined, null, {}, { days: 7 }, { days: 4000 }, { days: '365' }, { days: 90.5 }])
      expect(parseRetentionDays(data)).toBe(DEFAULT_RETENTION_DAYS)
    expect(DEFAULT_RETENTION_DAYS).toBe(180)
    expect(retentionFields(90)).toEqual({ days: 90 })
  })
})

describe('the period staff type', () => {
  it('takes whole days from 30 to 3650, and says what is wrong otherwise', () => {
    expect(retentionDaysProblem(' 30 ')).toBeNull()
    expect(retentionDaysProblem('3650')).toBeNull()
    expect(retentionDaysProblem('')).toBe('Enter a number of days.')
    expect(retentionDaysProblem('12.5')).toBe('Enter whole days, as a number (for example 180).')
    expect(retentionDaysProblem('29')).toBe('Enter at least 30 days.')
    expect(retentionDaysProblem('3651')).toBe('Enter at most 3650 days (about ten years).')
  })
})
