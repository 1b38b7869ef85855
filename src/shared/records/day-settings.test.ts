import { describe, expect, it } from 'vitest'
import {
  addMonths,
  DEFAULT_DAY_SETTINGS,
  daySettingsFields,
  notSeenTimes,
  parseDaySettings,
  registerMonthsProblem,
} from './day-settings'

describe('the day’s settings (centre/today)', () => {
  it('reads 10:00 and 12 months while unset or out of bounds', () => {
    expect(parseDaySettings(undefined)).toEqual({ notSeenAt: '10:00', registerMonths: 12 })
    expect(parseDaySettings({ notSeenAt: '05:50', registerMonths: 2 })).toEqual(DEFAULT_DAY_SETTINGS)
    expect(parseDaySettings({ notSeenAt: '14:00', registerMonths: 121 })).toEqual(DEFAULT_DAY_SETTINGS)
    expect(parseDaySettings({ notSeenAt: '9:30', registerMonths: '24' })).toEqual(DEFAULT_DAY_SETTINGS)
    // The control: values within the bounds are kept.
    expect(parseDaySettings({ notSeenAt: '06:00', registerMonths: 3 })).toEqual({
      notSeenAt: '06:00',
      registerMonths: 3,
    })
    expect(parseDaySettings({ notSeenAt: '13:50', registerMonths: 120 })).toEqual({
      notSeenAt: '13:50',
      registerMonths: 120,
    })
  })

  it('offers the times the schedule runs, every 10 minutes from 06:00 to 13:50', () => {
    const times = notSeenTimes()
    expect(times).toHaveLength(48)
    expect(times.slice(0, 3)).toEqual(['06:00', '06:10', '06:20'])
    expect(times.at(-1)).toBe('13:50')
    expect(times).toContain('10:00')
  })

  it('says what is wrong with the months typed', () => {
    expect(registerMonthsProblem('')).toBe('Enter a number of months.')
    expect(registerMonthsProblem('1.5')).toBe('Enter whole months, as a number (for example 12).')
    expect(registerMonthsProblem('2')).toBe('Enter at least 3 months.')
    expect(registerMonthsProblem('121')).toBe('Enter at most 120 months (ten years).')
    expect(registerMonthsProblem(' 24 ')).toBeNull()
  })

  it('writes exactly the rules’ two fields, and counts months across years', () => {
    expect(daySettingsFields({ notSeenAt: '09:30', registerMonths: 24 })).toEqual({
      notSeenAt: '09:30',
      registerMonths: 24,
    })
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
    expect(addMonths('2027-01', -13)).toBe('2025-12')
  })
})
