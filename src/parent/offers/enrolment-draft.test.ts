import { describe, expect, it } from 'vitest'
import { CENTRE_POLICIES_VERSION, emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { draftOf, fieldsOfDraft } from './enrolment-draft'

describe('the enrolment form’s draft', () => {
  it('offers two emergency contacts and one collector on a new file', () => {
    const draft = draftOf(emptyEnrolmentFields())
    expect(draft.emergencyContacts).toHaveLength(2)
    expect(draft.collectors).toHaveLength(1)
    expect(fieldsOfDraft(draft, null, 5)).toMatchObject({
      photoConsent: null,
      medicalConsent: null,
      policiesConsent: null,
    })
  })

  it('gives a consent by the typed name, at the moment of saving; kept with its time while unchanged', () => {
    const draft = {
      ...draftOf(emptyEnrolmentFields()),
      medicalName: ' Ngozi Obi ',
      photoAnswer: 'no' as const,
      photoName: 'Ngozi Obi',
      policiesName: 'Ngozi Obi',
    }
    const first = fieldsOfDraft(draft, null, 100)
    expect(first.medicalConsent).toEqual({ name: 'Ngozi Obi', at: 100 })
    expect(first.photoConsent).toEqual({ answer: 'no', name: 'Ngozi Obi', at: 100 })
    expect(first.policiesConsent).toEqual({ name: 'Ngozi Obi', at: 100, version: CENTRE_POLICIES_VERSION })
    const again = fieldsOfDraft(draftOf(first), first, 200)
    expect(again.medicalConsent?.at).toBe(100)
    expect(again.photoConsent?.at).toBe(100)
    const changed = fieldsOfDraft({ ...draftOf(first), photoAnswer: 'yes' }, first, 300)
    expect(changed.photoConsent).toEqual({ answer: 'yes', name: 'Ngozi Obi', at: 300 })
  })

  it('asks again for policies of an older version', () => {
    const old = {
      ...emptyEnrolmentFields(),
      policiesConsent: { name: 'Ngozi Obi', at: 1, version: '2020-01' },
    }
    expect(draftOf(old).policiesName).toBe('')
  })
})
