import { describe, expect, it } from 'vitest'
import {
  lapsedOfferText,
  staffStandingLabel,
  standingNotes,
  standingOf,
  standingText,
} from './enrolment-standing'
import { parseRegistration, type Registration, replyDeadline } from './registration-record'

const OFFER = 'a'.repeat(20)
const ASK = 'b'.repeat(20)
function record(fields: Record<string, unknown>, askedAt: number | null = null): Registration {
  const parsed = parseRegistration({ decidedBy: 's', ...fields }, Date.UTC(2026, 9, 1, 12), null, askedAt)
  if (!parsed) throw new Error('not a record')
  return parsed
}
const offered = record({ state: 'offered', startDate: '2027-01-04', replyBy: '2026-12-04', offerId: OFFER })
const before = Date.UTC(2026, 11, 4, 22, 59)
const after = Date.UTC(2026, 11, 4, 23, 0)

describe('where a child stands, in words', () => {
  it('a child with no record is registered, and nothing is said', () => {
    expect(standingOf(null, null, before)).toEqual({ kind: 'registered' })
    expect(standingText(standingOf(null, null, before))).toBeNull()
  })

  it('an offer: open until midnight after its reply-by date, then no longer', () => {
    expect(standingText(standingOf(offered, null, before))).toBe(
      'Place offered from 4 January 2027: reply by 4 December 2026',
    )
    expect(standingOf(offered, null, before)).toMatchObject({ kind: 'offered', open: true })
    expect(standingOf(offered, null, after)).toMatchObject({ kind: 'offered', open: false })
    expect(after).toBe(replyDeadline('2026-12-04'))
    expect(staffStandingLabel(standingOf(offered, null, after))).toBe(
      'Offer past its reply-by date (4 December 2026)',
    )
  })

  it("the parent's answer to the offer: accepted or declined", () => {
    expect(standingOf(offered, 'accepted', after)).toEqual({
      kind: 'accepted',
      startDate: '2027-01-04',
      offerId: OFFER,
    })
    expect(standingText(standingOf(offered, 'declined', before))).toBe(
      'You declined the place offered from 4 January 2027',
    )
    expect(staffStandingLabel(standingOf(offered, 'declined', before))).toBe('Declined by the family')
  })

  it('the waiting list says since when; a record from before uses the day it was decided', () => {
    const waiting = record({ state: 'waitlisted', startDate: null, waitingSince: '2026-09-15' })
    expect(standingText(standingOf(waiting, null, before))).toBe(
      'On the waiting list since 15 September 2026',
    )
    const older = record({ state: 'waitlisted', startDate: null })
    expect(standingText(standingOf(older, null, before))).toBe('On the waiting list since 1 October 2026')
  })

  it('a lapsed offer and an open "Still interested?" are said under the waiting list', () => {
    const asked = Date.UTC(2026, 11, 1, 2)
    const lapsed = record(
      {
        state: 'waitlisted',
        startDate: null,
        waitingSince: '2026-09-15',
        lapsedOn: '2026-12-04',
        askId: ASK,
      },
      asked,
    )
    const standing = standingOf(lapsed, null, after)
    expect(standingNotes(standing)).toEqual([
      'The offer of a place was not answered by 4 December 2026, so it went to the next family.',
      'Still interested? Please answer by 15 December 2026.',
    ])
    // Answered: the question is no longer open.
    expect(standingNotes(standingOf(lapsed, 'interested', after))).toHaveLength(1)
  })

  it('declined by the centre with its reason; withdrawn; confirmed', () => {
    const declined = record({
      state: 'declined',
      startDate: null,
      reason: 'We have no baby places this year.',
    })
    expect(standingText(standingOf(declined, null, before))).toBe(
      'No place can be offered: We have no baby places this year.',
    )
    const withdrawn = record({ state: 'withdrawn', startDate: null, waitingSince: '2026-01-05' })
    expect(standingText(standingOf(withdrawn, null, before))).toBe('Withdrawn')
    const confirmed = record({ state: 'confirmed', startDate: '2027-01-04', missing: ['Family doctor'] })
    expect(standingText(standingOf(confirmed, null, before))).toBe('Place confirmed from 4 January 2027')
    expect(standingOf(confirmed, null, before)).toMatchObject({ missing: ['Family doctor'] })
  })

  it('a refused accept says why in words', () => {
    expect(lapsedOfferText('2026-12-04')).toMatch(/reply-by date, 4 December 2026, has passed/)
  })
})
