import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { cleanText } from '#shared/records/bounds'
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

  it("shows and downloads the parent's document names cleaned, with their type's extension, and clean texts", async () => {
    const file = {
      ...emptyEnrolmentFields(),
      allergies: 'Peanuts\u202E and eggs\u0007',
      emergencyContacts: [{ name: 'Chidi\u200F Obi', relation: 'Father', phone: '+234\u0000 803' }],
      actionPlan: { path: 'images/u/a-1', type: 'application/pdf' as const, fileName: 'record.html' },
      immunisation: {
        path: 'images/u/b-1',
        type: 'application/pdf' as const,
        fileName: 'immunisation\u202Efdp.exe',
      },
      kidId: 'k1',
      userRef: 'u',
      savedAt: 1,
    }
    const downloaded: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded.push(this.download)
    })
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    try {
      render(
        <EnrolmentChecklist
          row={{ kid, parentEmail: null, registration: registration('confirmed'), enrolment: file }}
          download={async () => new Blob(['%PDF-'])}
        />,
      )
      const user = userEvent.setup({ delay: null })
      await user.click(screen.getByText('Read the file'))
      expect(screen.getByText('Peanuts and eggs')).toBeInTheDocument()
      expect(screen.getByText('Chidi Obi, Father, +234 803')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Download record.html.pdf' }))
      await user.click(screen.getByRole('button', { name: 'Download immunisationfdp.exe.pdf' }))
      await waitFor(() => expect(downloaded).toEqual(['record.html.pdf', 'immunisationfdp.exe.pdf']))
      // Nothing of the parent's own characters is left anywhere on the card.
      expect(document.body.textContent).toBe(cleanText(document.body.textContent ?? ''))
    } finally {
      click.mockRestore()
      created.mockRestore()
      revoked.mockRestore()
    }
  })
})
