// The enrolment form's state and its way to and from the record (src/shared/records/enrolment-record.ts).
// A consent is given by typing the parent's name: its time is kept from the stored file while the name
// (and the photo answer) stay the same, and is the moment of saving when they change. Pure: unit-tested.
import {
  CENTRE_POLICIES_VERSION,
  type Consent,
  type EnrolmentDocument,
  type EnrolmentFields,
  type Person,
} from '#shared/records/enrolment-record'

export interface EnrolmentDraft {
  readonly emergencyContacts: readonly Person[]
  readonly collectors: readonly Person[]
  readonly mustNotCollect: string
  readonly allergies: string
  readonly conditions: string
  readonly medication: string
  readonly actionPlan: EnrolmentDocument | null
  readonly immunisation: EnrolmentDocument | null
  readonly immunisationDate: string
  readonly doctor: { readonly name: string; readonly practice: string; readonly phone: string }
  readonly photoAnswer: 'yes' | 'no' | ''
  readonly photoName: string
  readonly medicalName: string
  readonly policiesName: string
}

const blankPerson: Person = { name: '', relation: '', phone: '' }

/** At least `min` rows, so the form always offers them. */
function rows(people: readonly Person[], min: number): Person[] {
  return [...people, ...Array.from({ length: Math.max(0, min - people.length) }, () => blankPerson)]
}

export function draftOf(file: EnrolmentFields): EnrolmentDraft {
  return {
    emergencyContacts: rows(file.emergencyContacts, 2),
    collectors: rows(file.collectors, 1),
    mustNotCollect: file.mustNotCollect,
    allergies: file.allergies,
    conditions: file.conditions,
    medication: file.medication,
    actionPlan: file.actionPlan,
    immunisation: file.immunisation,
    immunisationDate: file.immunisationDate,
    doctor: file.doctor,
    photoAnswer: file.photoConsent?.answer ?? '',
    photoName: file.photoConsent?.name ?? '',
    medicalName: file.medicalConsent?.name ?? '',
    // A consent to an older version of the policies is asked again.
    policiesName: file.policiesConsent?.version === CENTRE_POLICIES_VERSION ? file.policiesConsent.name : '',
  }
}

function consent(name: string, before: Consent | null, now: number): Consent | null {
  const typed = name.trim()
  if (typed === '') return null
  return { name: typed, at: before && before.name === typed ? before.at : now }
}

/** The file to save: the draft's answers, each consent with its time (kept if unchanged). */
export function fieldsOfDraft(
  draft: EnrolmentDraft,
  before: EnrolmentFields | null,
  now: number,
): EnrolmentFields {
  const photo = draft.photoAnswer === '' ? null : consent(draft.photoName, before?.photoConsent ?? null, now)
  const photoKept =
    before?.photoConsent?.answer === draft.photoAnswer ? photo : photo && { ...photo, at: now }
  const policiesBefore =
    before?.policiesConsent?.version === CENTRE_POLICIES_VERSION ? before.policiesConsent : null
  const policies = consent(draft.policiesName, policiesBefore, now)
  return {
    emergencyContacts: draft.emergencyContacts,
    collectors: draft.collectors,
    mustNotCollect: draft.mustNotCollect,
    allergies: draft.allergies,
    conditions: draft.conditions,
    medication: draft.medication,
    actionPlan: draft.actionPlan,
    immunisation: draft.immunisation,
    immunisationDate: draft.immunisationDate,
    doctor: draft.doctor,
    photoConsent: photoKept && draft.photoAnswer !== '' ? { ...photoKept, answer: draft.photoAnswer } : null,
    medicalConsent: consent(draft.medicalName, before?.medicalConsent ?? null, now),
    policiesConsent: policies && { ...policies, version: CENTRE_POLICIES_VERSION },
  }
}
