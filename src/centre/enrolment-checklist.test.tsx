import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ENROLMENT_ITEMS, emptyEnrolmentFields } from '#shared/records/enrolment-record'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration } from '#shared/records/registration-record'
import { checklistOf, EnrolmentChecklist } from './enrolment-checklist'

const kid = { id: 'k1', kidName: 'Amara Obi', userRef: 'u' } as StoredKid
const registration = (state: Registration['state']): Registration => ({
  state,
  startDate: '2027-01-04',
  replyBy: state === 'offered' ? '2026-12-04' : null,
  offerId: state === 'offered' ? 'o'.repeat(20) : null,
  waitingSince: null,
  reason: null,
  lapsedOn: null,
  askId: null,
  askedAt: null,
  missing: [],
  decidedBy: 's',
  decidedAt: 1,
  decidedOn: null,
})

describe('the staff’s enrolment checklist', () => {
  it('asks for nothing before the family has a place', () => {
    expect(checklistOf({ kid, parentEmail: null, registration: null })).toBeNull()
    expect(
      checklistOf({ kid, parentEmail: null, registration: registration('offered'), reply: null }),
    ).toBeNull()
  })

  it('names everything missing once the offer is accepted, or the place confirmed', () => {
    expect(
      checklistOf({ kid, parentEmail: null, registration: registration('offered'), reply: 'accepted' }),
    ).toEqual(Object.values(ENROLMENT_ITEMS))
    const file = { ...emptyEnrolmentFields(), allergies: 'none', kidId: 'k1', userRef: 'u', savedAt: 1 }
    expect(
      checklistOf({ kid, parentEmail: null, registration: registration('confirmed'), enrolment: file }),
    ).not.toContain(ENROLMENT_ITEMS.allergies)
  })

  it('shows the list in words, and the file behind a labelled summary', () => {
    const file = { ...emptyEnrolmentFields(), allergies: 'Peanuts', kidId: 'k1', userRef: 'u', savedAt: 1 }
    render(
      <EnrolmentChecklist
        row={{
          kid,
          parentEmail: null,
          registration: registration('offered'),
          reply: 'accepted',
          enrolment: file,
        }}
        download={async () => new Blob()}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Enrolment file: 10 items missing' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Still missing for Amara Obi' })).toHaveTextContent(
      ENROLMENT_ITEMS.immunisation,
    )
    expect(screen.getByText('Peanuts')).toBeInTheDocument()
  })
})
