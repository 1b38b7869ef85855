import { describe, expect, it } from 'vitest'
import { emptyEnrolmentFields, type StoredEnrolment } from './enrolment-record'
import { shownEnrolment, shownFileName } from './enrolment-shown'

const stored = (change: Partial<StoredEnrolment>): StoredEnrolment => ({
  ...emptyEnrolmentFields(),
  kidId: 'k1',
  userRef: 'u',
  savedAt: 1,
  ...change,
})

describe('the enrolment file as shown', () => {
  it("names a document by its type's extension, without direction or control characters", () => {
    expect(shownFileName({ fileName: 'immunisation\u202Efdp.exe', type: 'application/pdf' })).toBe(
      'immunisationfdp.exe.pdf',
    )
    expect(shownFileName({ fileName: 'record.html', type: 'application/pdf' })).toBe('record.html.pdf')
    expect(shownFileName({ fileName: '', type: 'image/png' })).toBe('document.png')
    // The control: a name that is already fine stays as it is.
    expect(shownFileName({ fileName: 'asthma-plan.pdf', type: 'application/pdf' })).toBe('asthma-plan.pdf')
    expect(shownFileName({ fileName: 'card.jpeg', type: 'image/jpeg' })).toBe('card.jpeg')
  })

  it('cleans every text of the file, keeping the line breaks of the notes', () => {
    const shown = shownEnrolment(
      stored({
        allergies: 'Peanuts\u202E\r\nEggs',
        mustNotCollect: 'Not\u0000 Emeka',
        collectors: [{ name: '\u2066Chidi Obi\u2069', relation: 'Father\u0085', phone: '+234\t803' }],
        doctor: { name: 'Dr\u200E Bassey', practice: 'Uyo', phone: '1' },
        medicalConsent: { name: 'Ngozi\u202D Obi', at: 5 },
        policiesConsent: { name: 'Ngozi Obi', at: 5, version: '2026-09' },
        actionPlan: { path: 'images/u/a-1', type: 'image/jpeg', fileName: 'x\u202Egpj.exe' },
      }),
    )
    expect(shown.allergies).toBe('Peanuts\nEggs')
    expect(shown.mustNotCollect).toBe('Not Emeka')
    expect(shown.collectors).toEqual([{ name: 'Chidi Obi', relation: 'Father', phone: '+234 803' }])
    expect(shown.doctor.name).toBe('Dr Bassey')
    expect(shown.medicalConsent).toEqual({ name: 'Ngozi Obi', at: 5 })
    expect(shown.policiesConsent).toEqual({ name: 'Ngozi Obi', at: 5, version: '2026-09' })
    expect(shown.actionPlan).toEqual({ path: 'images/u/a-1', type: 'image/jpeg', fileName: 'xgpj.exe.jpg' })
    // The control: a clean file is shown as stored.
    const clean = stored({ allergies: 'Peanuts\nEggs' })
    expect(shownEnrolment(clean)).toEqual(clean)
  })
})
