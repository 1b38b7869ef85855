// The enrolment file's texts and document names, cleaned where they are stored (issue 50): the rules
// bound the file's texts by size only (a pattern per text took a complete file past the rules' 1000
// expressions), so a file written past the app may hold control and direction characters, and a
// document's fileName is the parent's own ('immunisation\u202Efdp.exe', 'record.html'). The function
// enrolmentCleaned rewrites only the fields that change; its own write changes nothing more, so it stops
// there. Staff's views clean again when showing (the client's side).
import { cleanFileName, cleanText } from '#shared/records/bounds'
import { DOCUMENT_TYPES, type DocumentType } from '#shared/records/enrolment-record'

type Fields = Record<string, unknown>

const line = (value: unknown) => (typeof value === 'string' ? cleanText(value) : value)
const lines = (value: unknown) => (typeof value === 'string' ? cleanText(value, { multiline: true }) : value)

function cleanMap(value: unknown, keys: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const map = { ...(value as Fields) }
  for (const key of keys) if (key in map) map[key] = line(map[key])
  return map
}

function cleanPeople(value: unknown): unknown {
  return Array.isArray(value) ? value.map((person) => cleanMap(person, ['name', 'relation', 'phone'])) : value
}

function cleanDocument(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const doc = value as Fields
  const type = (DOCUMENT_TYPES as readonly unknown[]).includes(doc.type) ? (doc.type as DocumentType) : null
  if (type === null || typeof doc.fileName !== 'string') return value
  return { ...doc, fileName: cleanFileName(doc.fileName, type) }
}

/** The fields of a stored file that cleaning changes, with their cleaned values; {} if none. */
export function enrolmentCleaning(data: unknown): Fields {
  if (typeof data !== 'object' || data === null) return {}
  const file = data as Fields
  const cleaned: Fields = {
    emergencyContacts: cleanPeople(file.emergencyContacts),
    collectors: cleanPeople(file.collectors),
    mustNotCollect: lines(file.mustNotCollect),
    allergies: lines(file.allergies),
    conditions: lines(file.conditions),
    medication: lines(file.medication),
    actionPlan: cleanDocument(file.actionPlan),
    immunisation: cleanDocument(file.immunisation),
    doctor: cleanMap(file.doctor, ['name', 'practice', 'phone']),
    photoConsent: cleanMap(file.photoConsent, ['name']),
    medicalConsent: cleanMap(file.medicalConsent, ['name']),
    policiesConsent: cleanMap(file.policiesConsent, ['name']),
  }
  return Object.fromEntries(
    Object.entries(cleaned).filter(
      ([key, value]) => key in file && JSON.stringify(value) !== JSON.stringify(file[key]),
    ),
  )
}
