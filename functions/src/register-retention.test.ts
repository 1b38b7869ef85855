// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEFAULT_REGISTER_MONTHS, parseRegisterMonths, registerKeptFrom } from '#shared/records/day-settings'
import { type RegisterRetentionStore, runRegisterRetention } from './register-retention'

function fakeStore(days: string[], months: number) {
  const left = [...days]
  const store: RegisterRetentionStore = {
    registerMonths: async () => months,
    async deleteDaysBefore(day) {
      const before = left.filter((d) => d < day)
      for (const d of before) left.splice(left.indexOf(d), 1)
      return before.length
    },
  }
  return { store, left }
}

describe('the register’s period', () => {
  it('deletes the day records older than the centre’s months; running twice deletes nothing more', async () => {
    // 00:05 on 1 June 2027 in Uyo is still 31 May in UTC: the centre's date counts.
    const now = Date.parse('2027-05-31T23:05:00Z')
    const w = fakeStore(['2026-05-31', '2026-06-01', '2026-12-06', '2027-05-31'], 12)
    expect(await runRegisterRetention(w.store, now)).toEqual({ keptFrom: '2026-06-01', deleted: 1 })
    expect(await runRegisterRetention(w.store, now)).toEqual({ keptFrom: '2026-06-01', deleted: 0 })
    expect(w.left).toEqual(['2026-06-01', '2026-12-06', '2027-05-31'])
  })

  it('uses the centre’s months, 12 when unset or out of bounds', async () => {
    const now = Date.parse('2027-06-01T10:00:00Z')
    const w = fakeStore(['2027-02-28', '2027-03-01'], 3)
    expect(await runRegisterRetention(w.store, now)).toEqual({ keptFrom: '2027-03-01', deleted: 1 })
    expect(DEFAULT_REGISTER_MONTHS).toBe(12)
    expect(parseRegisterMonths(undefined)).toBe(12)
    expect(parseRegisterMonths({ registerMonths: 2 })).toBe(12)
    expect(parseRegisterMonths({ registerMonths: 121 })).toBe(12)
    expect(parseRegisterMonths({ registerMonths: 24 })).toBe(24)
  })

  it('keeps the same date months back, or the last day of a shorter month', () => {
    expect(registerKeptFrom('2027-05-31', 3)).toBe('2027-02-28')
    expect(registerKeptFrom('2028-05-31', 3)).toBe('2028-02-29')
    expect(registerKeptFrom('2027-01-15', 1)).toBe('2026-12-15')
    expect(registerKeptFrom('2027-01-15', 120)).toBe('2017-01-15')
  })
})
