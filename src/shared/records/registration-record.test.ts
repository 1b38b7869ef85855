import { describe, expect, it } from 'vitest'
import { isStartDate, parseRegistration, registrationText } from './registration-record'

describe('registration record', () => {
  it('accepts real calendar dates only', () => {
    expect(isStartDate('2027-01-04')).toBe(true)
    expect(isStartDate('2028-02-29')).toBe(true)
    for (const bad of ['2027-02-31', '2027-13-01', '4 Jan 2027', '2027-1-4', '', null, 20270104])
      expect(isStartDate(bad), String(bad)).toBe(false)
  })

  it('reads what the rules accept, nothing else', () => {
    expect(parseRegistration({ state: 'confirmed', startDate: '2027-01-04', decidedBy: 's' }, 5)).toEqual({
      state: 'confirmed',
      startDate: '2027-01-04',
      decidedBy: 's',
      decidedAt: 5,
      decidedOn: null,
    })
    expect(parseRegistration({ state: 'waitlisted', startDate: null, decidedBy: 's' }, null)).toMatchObject({
      state: 'waitlisted',
    })
    expect(parseRegistration({ state: 'confirmed', startDate: null, decidedBy: 's' }, null)).toBeNull()
    expect(
      parseRegistration({ state: 'waitlisted', startDate: '2027-01-04', decidedBy: 's' }, null),
    ).toBeNull()
    expect(parseRegistration({ state: 'accepted', startDate: null, decidedBy: 's' }, null)).toBeNull()
    expect(parseRegistration(null, null)).toBeNull()
  })

  it("says the parent's state in words", () => {
    expect(
      registrationText({
        state: 'confirmed',
        startDate: '2027-01-04',
        decidedBy: 's',
        decidedAt: null,
        decidedOn: null,
      }),
    ).toBe('Place confirmed from 4 January 2027')
    expect(
      registrationText({
        state: 'waitlisted',
        startDate: null,
        decidedBy: 's',
        decidedAt: null,
        decidedOn: null,
      }),
    ).toBe('On the waiting list')
    expect(registrationText(null)).toBeNull()
  })

  it('keeps the record a decision was made on; older decisions have none', () => {
    const stored = {
      state: 'confirmed',
      startDate: '2027-01-04',
      decidedBy: 's',
      decidedRecord: { kidName: 'Amara Obi', kidAge: '4' },
    }
    expect(parseRegistration(stored, 5, 3)?.decidedOn).toEqual({
      savedAt: 3,
      fields: { kidName: 'Amara Obi', kidAge: '4' },
    })
    const { decidedRecord: _record, ...older } = stored
    expect(parseRegistration(older, 5)?.decidedOn).toBeNull()
  })
})
