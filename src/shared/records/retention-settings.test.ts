import { describe, expect, it } from 'vitest'
import { DEFAULT_RETENTION_DAYS, parseRetentionDays, retentionFields } from './retention-settings'

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
