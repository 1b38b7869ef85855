import { describe, expect, it } from 'vitest'
import {
  acceptedDocumentType,
  CENTRE_POLICIES_VERSION,
  ENROLMENT_ITEMS,
  type EnrolmentFields,
  emptyEnrolmentFields,
  enrolmentMissing,
  enrolmentMissingItems,
  isOwnDocumentPath,
  missingCountText,
  normalizeEnrolmentFields,
  parseEnrolment,
  validateEnrolmentFields,
} from './enrolment-record'

const person = (name: string) => ({ name, relation: 'Aunt', phone: '+234 800 000 0001' })
const doc = (name: string) => ({
  path: `images/u1/${name}-${'a'.repeat(20)}`,
  type: 'application/pdf' as const,
  fileName: name,
})

function completeFile(): EnrolmentFields {
  return {
    emergencyContacts: [person('Ada'), person('Obi')],
    collectors: [person('Ada')],
    mustNotCollect: '',
    allergies: 'none',
    conditions: 'Asthma',
    medication: 'Inhaler when needed',
    actionPlan: doc('plan.pdf'),
    immunisation: doc('card.pdf'),
    immunisationDate: '2026-03-01',
    doctor: { name: 'Dr Bassey', practice: 'Uyo Family Clinic', phone: '+234 800 000 0002' },
    photoConsent: { answer: 'no', name: 'Ada Eze', at: 1 },
    medicalConsent: { name: 'Ada Eze', at: 1 },
    policiesConsent: { name: 'Ada Eze', at: 1, version: CENTRE_POLICIES_VERSION },
  }
}

describe('the enrolment checklist', () => {
  it('names everything for a file not started, in the form’s order', () => {
    expect(enrolmentMissingItems(null)).toEqual(Object.keys(ENROLMENT_ITEMS))
    expect(enrolmentMissing(emptyEnrolmentFields())).toEqual(Object.values(ENROLMENT_ITEMS))
  })

  it('finds nothing missing in a complete file; the action plan and the note are optional', () => {
    expect(enrolmentMissing(completeFile())).toEqual([])
    expect(enrolmentMissing({ ...completeFile(), actionPlan: null, mustNotCollect: '' })).toEqual([])
  })

  it('counts only complete people: two emergency contacts, one who may collect', () => {
    const half = { name: 'Ada', relation: '', phone: '1' }
    expect(enrolmentMissingItems({ ...completeFile(), emergencyContacts: [person('Ada'), half] })).toEqual([
      'emergencyContacts',
    ])
    expect(enrolmentMissingItems({ ...completeFile(), collectors: [half] })).toEqual(['collectors'])
  })

  it("takes 'none' as an answer and blank as none given", () => {
    expect(enrolmentMissingItems({ ...completeFile(), allergies: '   ', medication: '' })).toEqual([
      'allergies',
      'medication',
    ])
  })

  it('asks again for policies of another version; a photo refusal is an answer', () => {
    const file = completeFile()
    expect(
      enrolmentMissingItems({ ...file, policiesConsent: { name: 'Ada', at: 1, version: '2020-01' } }),
    ).toEqual(['policiesConsent'])
    expect(enrolmentMissingItems({ ...file, photoConsent: null, immunisationDate: '2026-02-31' })).toEqual([
      'immunisationDate',
      'photoConsent',
    ])
  })

  it('says how many are missing in words', () => {
    expect(missingCountText(0)).toBe('Complete: nothing missing')
    expect(missingCountText(1)).toBe('1 item missing')
    expect(missingCountText(11)).toBe('11 items missing')
  })
})

describe('the enrolment record', () => {
  it('saves unfinished, and refuses only what the rules refuse', () => {
    expect(validateEnrolmentFields(emptyEnrolmentFields())).toEqual({})
    const errors = validateEnrolmentFields({
      ...emptyEnrolmentFields(),
      emergencyContacts: [{ name: 'x'.repeat(81), relation: '', phone: '' }],
      immunisationDate: '2026-13-01',
      medicalConsent: { name: ' ', at: 1 },
    })
    expect(errors).toEqual({
      'emergencyContacts.0.name': 'Name must be at most 80 characters',
      immunisationDate: 'Please give the date as day, month and year',
      medicalConsent: 'Type your full name to give this consent',
    })
  })

  it('normalizes text and drops empty rows', () => {
    const clean = normalizeEnrolmentFields({
      ...emptyEnrolmentFields(),
      emergencyContacts: [{ name: '  Ada\tEze ', relation: 'Mother', phone: '1' }, person('')],
      allergies: ' Peanuts\r\nEggs ',
    })
    expect(clean.emergencyContacts).toEqual([{ name: 'Ada Eze', relation: 'Mother', phone: '1' }, person('')])
    expect(normalizeEnrolmentFields(emptyEnrolmentFields()).emergencyContacts).toEqual([])
    expect(clean.allergies).toBe('Peanuts\nEggs')
  })

  it('reads back what it writes', () => {
    const stored = { ...completeFile(), userRef: 'u1' }
    expect(parseEnrolment('k', stored, 5)).toEqual({ ...stored, kidId: 'k', savedAt: 5 })
    expect(parseEnrolment('k', { allergies: 'none' }, 5)).toBeNull()
  })

  it('accepts photos and PDFs in the parent’s own folder only', () => {
    expect(acceptedDocumentType({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf')
    expect(acceptedDocumentType({ name: 'a.PDF', type: '' })).toBe('application/pdf')
    expect(acceptedDocumentType({ name: 'a.jpg', type: 'image/jpg' })).toBe('image/jpeg')
    expect(acceptedDocumentType({ name: 'a.docx', type: 'application/msword' })).toBeNull()
    expect(isOwnDocumentPath(`images/u1/card.pdf-${'a'.repeat(20)}`, 'u1')).toBe(true)
    expect(isOwnDocumentPath(`images/u2/card.pdf-${'a'.repeat(20)}`, 'u1')).toBe(false)
    expect(isOwnDocumentPath(`images/u1-card.pdf-${'a'.repeat(20)}`, 'u1')).toBe(false)
  })
})
