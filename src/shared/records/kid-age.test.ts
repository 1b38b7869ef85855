import { describe, expect, it } from 'vitest'
import {
  ageInMonths,
  ageInputOf,
  birthMonthFor,
  formatAgeMonths,
  isSavableBirthMonth,
  kidAgeMessages,
  kidAgeText,
  readAgeInput,
} from './kid-age'

const today = new Date(2026, 10, 27) // 27 November 2026, the device's time

describe('a child’s age', () => {
  it('keeps the month of birth of the years and months typed', () => {
    expect(birthMonthFor(1, 6, today)).toBe('2025-05')
    expect(birthMonthFor(0, 0, today)).toBe('2026-11')
    expect(birthMonthFor(4, 11, today)).toBe('2021-12')
    expect(ageInMonths('2025-05', today)).toBe(18)
    // A month of birth after today (a clock a little behind) reads as newborn, never negative.
    expect(ageInMonths('2026-12', today)).toBe(0)
    expect(ageInMonths('May 2025', today)).toBeNull()
  })

  it('shows months up to two years, then years and months, each with its unit', () => {
    expect(formatAgeMonths(0)).toBe('Under 1 month')
    expect(formatAgeMonths(1)).toBe('1 month')
    expect(formatAgeMonths(18)).toBe('18 months')
    expect(formatAgeMonths(23)).toBe('23 months')
    expect(formatAgeMonths(24)).toBe('2 years')
    expect(formatAgeMonths(37)).toBe('3 years 1 month')
    expect(formatAgeMonths(54)).toBe('4 years 6 months')
  })

  it('shows an older record’s free text exactly as written, never with a unit added', () => {
    expect(kidAgeText({ kidAge: '4', kidBirthMonth: '' }, today)).toBe('4')
    expect(kidAgeText({ kidAge: '18 months', kidBirthMonth: '' }, today)).toBe('18 months')
    expect(kidAgeText({ kidAge: '', kidBirthMonth: '2025-05' }, today)).toBe('18 months')
    // The age grows with the child.
    expect(kidAgeText({ kidAge: '', kidBirthMonth: '2025-05' }, new Date(2027, 5, 1))).toBe('2 years 1 month')
  })

  it('reads the form’s boxes: one left empty counts as 0, nothing typed keeps an older text', () => {
    expect(readAgeInput({ years: '', months: '' }, today)).toEqual({ kind: 'empty' })
    expect(readAgeInput({ years: '1', months: '6' }, today)).toEqual({
      kind: 'birthMonth',
      birthMonth: '2025-05',
    })
    expect(readAgeInput({ years: '', months: '18' }, today)).toEqual({
      kind: 'error',
      message: kidAgeMessages.range,
    })
    expect(readAgeInput({ years: '', months: '9' }, today)).toEqual({
      kind: 'birthMonth',
      birthMonth: '2026-02',
    })
    expect(readAgeInput({ years: '2', months: ' ' }, today)).toEqual({
      kind: 'birthMonth',
      birthMonth: '2024-11',
    })
    for (const years of ['13', '-1', '1.5', 'two']) {
      expect(readAgeInput({ years, months: '' }, today)).toEqual({
        kind: 'error',
        message: kidAgeMessages.range,
      })
    }
    expect(ageInputOf('2025-05', today)).toEqual({ years: '1', months: '6' })
    expect(ageInputOf('', today)).toEqual({ years: '', months: '' })
  })

  it('saves a month of birth up to 12 years 11 months back and up to next month, as the rules do', () => {
    expect(isSavableBirthMonth('2013-12', today)).toBe(true)
    expect(isSavableBirthMonth('2013-11', today)).toBe(false)
    expect(isSavableBirthMonth('2026-12', today)).toBe(true)
    expect(isSavableBirthMonth('2027-01', today)).toBe(false)
    expect(isSavableBirthMonth('2025-5', today)).toBe(false)
  })
})
