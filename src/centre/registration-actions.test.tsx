import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration, RegistrationState } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
import { nextStep, RegistrationActions } from './registration-actions'
import type { RegistrationRow } from './registrations-view'

const kid = { id: 'k1', kidName: 'Amara Obi', userRef: 'u' } as StoredKid

const decided = (state: RegistrationState): Registration => ({
  state,
  startDate: state === 'offered' || state === 'confirmed' ? '2027-01-04' : null,
  replyBy: state === 'offered' ? '2026-12-04' : null,
  offerId: state === 'offered' ? 'Offer0000000000000001' : null,
  waitingSince: state === 'waitlisted' || state === 'withdrawn' ? '2026-11-01' : null,
  reason: state === 'declined' ? 'No place for that age' : null,
  lapsedOn: null,
  askId: null,
  askedAt: null,
  missing: [],
  decidedBy: 'staff',
  decidedAt: 1_000,
  decidedOn: null,
})

const row = (state: RegistrationState | null, reply: Reply | null = null): RegistrationRow => ({
  kid,
  registration: state ? decided(state) : null,
  reply,
  parentEmail: null,
})

describe("a registration card's primary button", () => {
  it('is the next step with the family, and none once a decision waits or is made', () => {
    expect(nextStep(row(null))).toBe('offer')
    expect(nextStep(row('waitlisted'))).toBe('offer')
    expect(nextStep(row('waitlisted', 'interested'))).toBe('offer')
    expect(nextStep(row('withdrawn'))).toBe('offer')
    expect(nextStep(row('offered'))).toBeNull()
    expect(nextStep(row('offered', 'accepted'))).toBe('confirm')
    expect(nextStep(row('offered', 'declined'))).toBeNull()
    expect(nextStep(row('confirmed'))).toBeNull()
    expect(nextStep(row('declined'))).toBeNull()
  })

  it("a confirmed child's card offers corrections, none of them as the thing to do", () => {
    render(<RegistrationActions row={row('confirmed')} today="2026-11-27" onDecide={() => {}} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Offer place for Amara Obi',
      'Confirm place for Amara Obi',
      'Waitlist Amara Obi',
      'Decline for Amara Obi',
    ])
    expect(buttons.filter((button) => button.className.includes('button--primary'))).toEqual([])
  })

  it('a new registration has "Offer place" as its one primary button', () => {
    render(<RegistrationActions row={row(null)} today="2026-11-27" onDecide={() => {}} />)
    const primary = screen
      .getAllByRole('button')
      .filter((button) => button.className.includes('button--primary'))
    expect(primary.map((button) => button.textContent)).toEqual(['Offer place for Amara Obi'])
  })
})
