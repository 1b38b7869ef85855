// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { enrolmentCleaning } from './enrolment-clean'

const file = (overrides: Record<string, unknown> = {}) => ({
  emergencyContacts: [{ name: 'Ada Eze', relation: 'Aunt', phone: '+234 800 000 0001' }],
  collectors: [],
  mustNotCollect: '',
  allergies: 'Peanuts\nand eggs',
  conditions: 'none',
  medication: 'none',
  actionPlan: {
    path: 'images/u/plan.pdf-ABCDEFGHIJabcdefghij',
    type: 'application/pdf',
    fileName: 'plan.pdf',
  },
  immunisation: null,
  immunisationDate: '',
  doctor: { name: 'Dr Bassey', practice: 'Uyo Family Clinic', phone: '+234' },
  photoConsent: { answer: 'no', name: 'Ngozi Obi', at: 1 },
  medicalConsent: null,
  policiesConsent: null,
  userRef: 'u',
  ...overrides,
})

describe("the enrolment file's cleaning", () => {
  it('changes nothing in a clean file (control; the function then stops)', () => {
    expect(enrolmentCleaning(file())).toEqual({})
  })

  it('cleans document names: no direction marks, the extension of the type', () => {
    const changed = enrolmentCleaning(
      file({
        actionPlan: {
          path: 'images/u/x-ABCDEFGHIJabcdefghij',
          type: 'application/pdf',
          fileName: 'immunisation\u202Efdp.exe',
        },
        immunisation: {
          path: 'images/u/y-ABCDEFGHIJabcdefghij',
          type: 'image/jpeg',
          fileName: 'record.html',
        },
      }),
    )
    expect(changed).toEqual({
      actionPlan: {
        path: 'images/u/x-ABCDEFGHIJabcdefghij',
        type: 'application/pdf',
        fileName: 'immunisationfdp.exe.pdf',
      },
      immunisation: {
        path: 'images/u/y-ABCDEFGHIJabcdefghij',
        type: 'image/jpeg',
        fileName: 'record.html.jpg',
      },
    })
    expect(enrolmentCleaning({ ...file(), ...changed })).toEqual({})
    // A photo picked as a PNG is stored as a JPEG (the app scales photos down): its name says so.
    const picked = { path: 'images/u/z-ABCDEFGHIJabcdefghij', type: 'image/jpeg', fileName: 'card.png' }
    expect(enrolmentCleaning(file({ immunisation: picked }))).toEqual({
      immunisation: { ...picked, fileName: 'card.jpg' },
    })
  })

  it('cleans the texts: controls and direction marks go, line breaks stay in notes only', () => {
    const changed = enrolmentCleaning(
      file({
        allergies: 'Peanuts\u202E\r\nstill\u0007',
        emergencyContacts: [{ name: 'Ada\nEze\u2066', relation: 'Aunt', phone: '+234' }],
        doctor: { name: 'Dr\u200F Bassey', practice: 'Clinic', phone: '+234' },
        photoConsent: { answer: 'yes', name: 'Ngozi\u0000', at: 1 },
      }),
    )
    expect(changed).toEqual({
      allergies: 'Peanuts\nstill',
      emergencyContacts: [{ name: 'Ada Eze', relation: 'Aunt', phone: '+234' }],
      doctor: { name: 'Dr Bassey', practice: 'Clinic', phone: '+234' },
      photoConsent: { answer: 'yes', name: 'Ngozi', at: 1 },
    })
  })

  it('leaves a shape it does not know alone (the console writes what it likes)', () => {
    expect(enrolmentCleaning(null)).toEqual({})
    expect(enrolmentCleaning({ actionPlan: { type: 'text/html', fileName: 'a\u202E' } })).toEqual({})
  })
})
