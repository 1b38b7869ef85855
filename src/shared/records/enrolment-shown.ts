// The enrolment file as it is shown or downloaded (issue 50): whatever the record holds (written by an
// older app, by hand, or before the rules checked it), a name is one clean line and a document's name
// ends in its type's own extension, so that 'immunisation\u202Efdp.exe' or 'record.html' can never reach a
// screen or a member of staff's downloads as such. The parent's form cleans what it writes with the same
// functions; the staff's views and the parent's read through these.
import { cleanFileName, cleanText } from './bounds'
import type { EnrolmentDocument, Person, StoredEnrolment } from './enrolment-record'

/** The document's name as shown and downloaded: clean, its extension its type's ('document.pdf' if none). */
export function shownFileName(doc: Pick<EnrolmentDocument, 'fileName' | 'type'>): string {
  return cleanFileName(doc.fileName, doc.type)
}

const line = (text: string) => cleanText(text).trim()
const lines = (text: string) => cleanText(text, { multiline: true })
const person = (p: Person): Person => ({
  name: line(p.name),
  relation: line(p.relation),
  phone: line(p.phone),
})
const shownDocument = (doc: EnrolmentDocument | null): EnrolmentDocument | null =>
  doc && { ...doc, fileName: shownFileName(doc) }

/** The file with every text cleaned (no control or direction character) and its documents' names too. */
export function shownEnrolment(file: StoredEnrolment): StoredEnrolment {
  const consent = <T extends { readonly name: string }>(c: T | null): T | null =>
    c && { ...c, name: line(c.name) }
  return {
    ...file,
    emergencyContacts: file.emergencyContacts.map(person),
    collectors: file.collectors.map(person),
    mustNotCollect: lines(file.mustNotCollect),
    allergies: lines(file.allergies),
    conditions: lines(file.conditions),
    medication: lines(file.medication),
    actionPlan: shownDocument(file.actionPlan),
    immunisation: shownDocument(file.immunisation),
    immunisationDate: line(file.immunisationDate),
    doctor: {
      name: line(file.doctor.name),
      practice: line(file.doctor.practice),
      phone: line(file.doctor.phone),
    },
    photoConsent: consent(file.photoConsent),
    medicalConsent: consent(file.medicalConsent),
    policiesConsent: file.policiesConsent && {
      ...file.policiesConsent,
      name: line(file.policiesConsent.name),
      version: line(file.policiesConsent.version),
    },
  }
}
