import { describe, expect, it } from 'vitest'
import { formatPlan, formatYears } from './kid-format'

describe('how a child reads on screen', () => {
  it("shows ages in years and plans as '{plan} Plan'", () => {
    expect(formatYears('4')).toBe('4 years')
    expect(formatYears('2 years')).toBe('2 years')
    expect(formatPlan('Weekly')).toBe('Weekly Plan')
    // A plan the app does not offer, kept from the stored record, reads as it was saved.
    expect(formatPlan('Yearly')).toBe('Yearly Plan')
  })
})
