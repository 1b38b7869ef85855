// A registration card's enrolment file (docs/decisions/0032-enrolment-file.md): once the family has a
// place (accepted or confirmed) or has started the file, what is still missing before the first day, and
// the file itself for staff to read. Staff never change it: the answers are the parent's.
import { useId } from 'react'
import { siteConfig } from '#shared/config/site-config'
import {
  consentTimeText,
  type EnrolmentDocument,
  enrolmentMissing,
  missingCountText,
  type Person,
  type StoredEnrolment,
} from '#shared/records/enrolment-record'
import { shownEnrolment } from '#shared/records/enrolment-shown'
import { formatStartDate } from '#shared/records/registration-record'
import { type RegistrationRow, standingOfRow } from './registrations-view'

/** What the checklist shows for a row, or null when no file is asked for yet (no place, no file). */
export function checklistOf(row: RegistrationRow): readonly string[] | null {
  const kind = standingOfRow(row).kind
  if (kind !== 'accepted' && kind !== 'confirmed' && !row.enrolment) return null
  return enrolmentMissing(row.enrolment ?? null)
}

const people = (list: readonly Person[]) =>
  list.length === 0
    ? '—'
    : list.map((p) => [p.name, p.relation, p.phone].filter(Boolean).join(', ')).join('; ')

function Documents({
  file,
  download,
}: {
  readonly file: StoredEnrolment
  readonly download: (path: string) => Promise<Blob>
}) {
  const save = async (doc: EnrolmentDocument) => {
    const url = URL.createObjectURL(await download(doc.path))
    const link = document.createElement('a')
    link.href = url
    // The name is the shown one (shownEnrolment): clean, and its extension the document's own type's.
    link.download = doc.fileName
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  const docs: readonly (readonly [string, EnrolmentDocument | null])[] = [
    ['Action plan', file.actionPlan],
    ['Immunisation record', file.immunisation],
  ]
  return (
    <>
      {docs.map(([label, doc]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {doc ? (
              <button type="button" className="centre-link-button" onClick={() => void save(doc)}>
                Download {doc.fileName}
              </button>
            ) : (
              '—'
            )}
          </dd>
        </div>
      ))}
    </>
  )
}

export function EnrolmentChecklist({
  row,
  download,
}: {
  readonly row: RegistrationRow
  readonly download: (path: string) => Promise<Blob>
}) {
  const headingId = useId()
  const missing = checklistOf(row)
  if (missing === null) return null
  // Read as the parent's words only: no control or direction character, document names made safe.
  const file = row.enrolment ? shownEnrolment(row.enrolment) : null
  const confirmedMissing = row.registration?.state === 'confirmed' ? row.registration.missing : []
  const consent = (c: { name: string; at: number } | null, words = 'Given') =>
    c ? `${words} by ${c.name}, ${consentTimeText(c.at, siteConfig.timeZone)}` : '—'
  return (
    <section className="centre-enrolment" aria-labelledby={headingId}>
      <h4 id={headingId}>
        Enrolment file:{' '}
        {!file
          ? `not started (${missingCountText(missing.length)})`
          : missing.length === 0
            ? 'complete'
            : missingCountText(missing.length)}
      </h4>
      {missing.length > 0 && (
        <ul className="centre-missing" aria-label={`Still missing for ${row.kid.kidName}`}>
          {missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {confirmedMissing.length > 0 && (
        <p className="centre-muted">
          Place confirmed while{' '}
          {confirmedMissing.length === 1 ? '1 item was' : `${confirmedMissing.length} items were`} missing.
        </p>
      )}
      {file && (
        <details className="centre-file">
          <summary>
            Read the file <span className="visually-hidden">of {row.kid.kidName}</span>
          </summary>
          <dl className="centre-lines">
            <div className="centre-lines__wide">
              <dt>Emergency contacts</dt>
              <dd>{people(file.emergencyContacts)}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>May collect</dt>
              <dd>{people(file.collectors)}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Must not collect</dt>
              <dd className="centre-address">{file.mustNotCollect || '—'}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Allergies</dt>
              <dd className="centre-address">{file.allergies || '—'}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Medical conditions</dt>
              <dd className="centre-address">{file.conditions || '—'}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Medication</dt>
              <dd className="centre-address">{file.medication || '—'}</dd>
            </div>
            <Documents file={file} download={download} />
            <div>
              <dt>Immunisation date</dt>
              <dd>{file.immunisationDate ? formatStartDate(file.immunisationDate) : '—'}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Family doctor</dt>
              <dd>
                {[file.doctor.name, file.doctor.practice, file.doctor.phone].filter(Boolean).join(', ') ||
                  '—'}
              </dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Photos in updates</dt>
              <dd>
                {file.photoConsent
                  ? `${file.photoConsent.answer === 'yes' ? 'Yes' : 'No'}: ${consent(file.photoConsent, 'answered')}`
                  : '—'}
              </dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Emergency treatment</dt>
              <dd>{consent(file.medicalConsent)}</dd>
            </div>
            <div className="centre-lines__wide">
              <dt>Policies</dt>
              <dd>
                {file.policiesConsent
                  ? `Version ${file.policiesConsent.version}: ${consent(file.policiesConsent, 'agreed')}`
                  : '—'}
              </dd>
            </div>
          </dl>
        </details>
      )}
    </section>
  )
}
