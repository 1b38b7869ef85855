import { describe, expect, it } from 'vitest'
import { dateFormat, isStartDate, parseRegistration, replyDeadline } from './registration-record'

describe('registration record', () => {
  it('accepts real calendar dates only', () => {
    expect(isStartDate('2027-01-04')).toBe(true)
    expect(isStartDate('2028-02-29')).toBe(true)
    for (const bad of ['2027-02-31', '2027-13-01', '4 Jan 2027', '2027-1-4', '', null, 20270104])
      expect(isStartDate(bad), String(bad)).toBe(false)
  })

  it('reads what the rules accept, nothing else', () => {
    expect(
      parseRegistration({ state: 'confirmed', startDate: '2027-01-04', decidedBy: 's' }, 5),
    ).toMatchObject({
      state: 'confirmed',
      startDate: '2027-01-04',
      decidedBy: 's',
      decidedAt: 5,
      decidedOn: null,
      missing: [],
    })
    // A record from before issue 35: waitlisted without a date since.
    expect(parseRegistration({ state: 'waitlisted', startDate: null, decidedBy: 's' }, null)).toMatchObject({
      state: 'waitlisted',
      waitingSince: null,
    })
    const offer = {
      state: 'offered',
      startDate: '2027-01-04',
      replyBy: '2026-12-04',
      offerId: 'a'.repeat(20),
    }
    expect(parseRegistration({ ...offer, decidedBy: 's' }, null)).toMatchObject(offer)
    expect(parseRegistration({ ...offer, offerId: 'x', decidedBy: 's' }, null)).toBeNull()
    expect(parseRegistration({ ...offer, replyBy: null, decidedBy: 's' }, null)).toBeNull()
    expect(
      parseRegistration({ state: 'declined', startDate: null, reason: 'Full', decidedBy: 's' }, null),
    ).toMatchObject({ state: 'declined', reason: 'Full' })
    expect(parseRegistration({ state: 'declined', startDate: null, decidedBy: 's' }, null)).toBeNull()
    expect(parseRegistration({ state: 'confirmed', startDate: null, decidedBy: 's' }, null)).toBeNull()
    expect(
      parseRegistration({ state: 'waitlisted', startDate: '2027-01-04', decidedBy: 's' }, null),
    ).toBeNull()
    expect(parseRegistration({ state: 'accepted', startDate: null, decidedBy: 's' }, null)).toBeNull()
    expect(parseRegistration(null, null)).toBeNull()
  })

  it('a reply-by date ends at midnight in Uyo (UTC+1)', () => {
    expect(new Date(replyDeadline('2026-12-04')).toISOString()).toBe('2026-12-04T23:00:00.000Z')
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
