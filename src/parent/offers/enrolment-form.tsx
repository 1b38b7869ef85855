// The enrolment file's form (issue 35; docs/decisions/0032-enrolment-file.md): every field labelled, any
// of them may be left for later ('Save' keeps the file unfinished, offline too, through the outbox), and
// the checklist above says what the centre still needs. Documents (a photo or a PDF) get a path in the
// parent's private folder when picked; photos are scaled down on the device first, as a child's are.
import { useId, useState } from 'react'
import { preparePhoto } from '#parent/children/photo-prep'
import type { PickedDocument } from '#parent/outbox/enrolment-kind'
import { cleanFileName, sniffDocumentType } from '#shared/records/bounds'
import {
  acceptedDocumentType,
  CENTRE_POLICIES_VERSION,
  DOCUMENT_ACCEPT,
  type DocumentType,
  documentMessages,
  ENROLMENT_TEXT_MAX,
  type EnrolmentDocument,
  type EnrolmentErrors,
  type EnrolmentFields,
  emptyEnrolmentFields,
  enrolmentMissing,
  MAX_COLLECTORS,
  MAX_DOCUMENT_BYTES,
  MAX_EMERGENCY_CONTACTS,
  missingCountText,
  normalizeEnrolmentFields,
  validateEnrolmentFields,
} from '#shared/records/enrolment-record'
import { shownFileName } from '#shared/records/enrolment-shown'
import { newRandomId } from '#shared/records/ids'
import { photoStoragePath } from '#shared/records/kid-photos'
import { Field, limitCharacters } from '#shared/ui/field'
import { draftOf, type EnrolmentDraft, fieldsOfDraft } from './enrolment-draft'
import { PeopleRows } from './enrolment-people'

export interface EnrolmentFormProps {
  readonly kidName: string
  readonly userId: string
  /** The file as last saved (on this device or the server); null for a new one. */
  readonly saved: EnrolmentFields | null
  readonly onSave: (fields: EnrolmentFields, picked: readonly PickedDocument[]) => Promise<void>
}

type DocumentSlot = 'actionPlan' | 'immunisation'

export function EnrolmentForm({ kidName, userId, saved, onSave }: EnrolmentFormProps) {
  const [draft, setDraft] = useState<EnrolmentDraft>(() => draftOf(saved ?? emptyEnrolmentFields()))
  const [picked, setPicked] = useState<ReadonlyMap<string, PickedDocument>>(new Map())
  const [errors, setErrors] = useState<EnrolmentErrors>({})
  const [status, setStatus] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const checklistId = useId()

  const current = fieldsOfDraft(draft, saved, Date.now())
  const missing = enrolmentMissing(current)
  const update = (change: Partial<EnrolmentDraft>) => {
    setDraft((before) => ({ ...before, ...change }))
    setStatus(null)
  }
  const text = (key: 'mustNotCollect' | 'allergies' | 'conditions' | 'medication', value: string) =>
    update({ [key]: limitCharacters(draft[key], value, ENROLMENT_TEXT_MAX.notes) })

  async function pick(slot: DocumentSlot, file: File | undefined) {
    if (!file) return
    if (!acceptedDocumentType(file))
      return setErrors((before) => ({ ...before, [slot]: documentMessages.type }))
    try {
      // Its bytes decide, not its name or the type the phone guessed from the name: a page saved as
      // 'record.pdf' is refused here, and a JPEG named '.png' is kept as the JPEG it is.
      const type = sniffDocumentType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
      if (!type) return setErrors((before) => ({ ...before, [slot]: documentMessages.notDocument }))
      const prepared: { name: string; type: DocumentType; data: ArrayBuffer } =
        type === 'application/pdf'
          ? { name: file.name, type, data: await file.arrayBuffer() }
          : await preparePhoto(new File([file], file.name, { type, lastModified: file.lastModified }))
      if (prepared.data.byteLength > MAX_DOCUMENT_BYTES)
        return setErrors((before) => ({ ...before, [slot]: documentMessages.tooBig }))
      const path = photoStoragePath(userId, file.name, newRandomId())
      const doc: EnrolmentDocument = {
        path,
        type: prepared.type,
        // A photo is kept as the JPEG it was made into: its name says so ('card.png' is 'card.jpg').
        fileName: cleanFileName(prepared.name, prepared.type),
      }
      setPicked((before) => new Map(before).set(path, { path, type: prepared.type, data: prepared.data }))
      setErrors((before) => ({ ...before, [slot]: undefined }))
      update({ [slot]: doc })
    } catch {
      setErrors((before) => ({ ...before, [slot]: 'This file could not be read; please choose it again' }))
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    const fields = normalizeEnrolmentFields(fieldsOfDraft(draft, saved, Date.now()))
    const problems = validateEnrolmentFields(fields)
    setErrors(problems)
    if (Object.keys(problems).length > 0) {
      setStatus('Please correct the fields marked below, then save again.')
      return
    }
    setSaving(true)
    try {
      await onSave(
        fields,
        [...picked.values()].filter(
          (doc) => doc.path === fields.actionPlan?.path || doc.path === fields.immunisation?.path,
        ),
      )
      setPicked(new Map())
      const left = enrolmentMissing(fields).length
      setStatus(
        left === 0
          ? 'Saved. The file is complete: the centre can see it once it is sent.'
          : `Saved. ${missingCountText(left)}: you can finish it later.`,
      )
    } finally {
      setSaving(false)
    }
  }

  const documentField = (slot: DocumentSlot, label: string, hint: string) => (
    <Field classPrefix="kid" label={label} hint={hint} error={errors[slot]}>
      {(control) => (
        <div className="enrolment-document">
          {draft[slot] && (
            <p className="enrolment-document-name">
              Added: <strong>{shownFileName(draft[slot])}</strong>
            </p>
          )}
          <input
            {...control}
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(event) => void pick(slot, event.target.files?.[0])}
          />
          {draft[slot] && (
            <button type="button" className="kid-text-button" onClick={() => update({ [slot]: null })}>
              Remove <span className="visually-hidden">{label}</span>
            </button>
          )}
        </div>
      )}
    </Field>
  )

  return (
    <form
      className="enrolment-form"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-describedby={checklistId}
    >
      <section className="enrolment-checklist" id={checklistId} aria-live="polite">
        <h2>{missingCountText(missing.length)}</h2>
        {missing.length > 0 && (
          <ul>
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </section>

      <PeopleRows
        title="Emergency contacts"
        hint={`At least two people the centre can call if it cannot reach you (at most ${MAX_EMERGENCY_CONTACTS}).`}
        itemName="Contact"
        fieldKey="emergencyContacts"
        people={draft.emergencyContacts}
        max={MAX_EMERGENCY_CONTACTS}
        errors={errors}
        onChange={(emergencyContacts) => update({ emergencyContacts })}
      />

      <PeopleRows
        title={`Who may collect ${kidName}`}
        hint={`Staff hand ${kidName} only to you and the people named here (at most ${MAX_COLLECTORS}). Each gets a collection code, on ${kidName}’s page.`}
        itemName="Person"
        fieldKey="collectors"
        people={draft.collectors}
        max={MAX_COLLECTORS}
        errors={errors}
        onChange={(collectors) => update({ collectors })}
      />

      <fieldset className="enrolment-section">
        <legend>Health</legend>
        <Field
          classPrefix="kid"
          label={`Anyone who must not collect ${kidName} (optional)`}
          hint="A note for staff only: a name, and what they should know."
          error={errors.mustNotCollect}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={draft.mustNotCollect}
              onChange={(e) => text('mustNotCollect', e.target.value)}
            />
          )}
        </Field>
        <Field
          classPrefix="kid"
          label="Allergies"
          hint="Write ‘none’ if there are none."
          error={errors.allergies}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={draft.allergies}
              onChange={(e) => text('allergies', e.target.value)}
            />
          )}
        </Field>
        <Field
          classPrefix="kid"
          label="Medical conditions"
          hint="Write ‘none’ if there are none."
          error={errors.conditions}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={draft.conditions}
              onChange={(e) => text('conditions', e.target.value)}
            />
          )}
        </Field>
        <Field
          classPrefix="kid"
          label="Medication"
          hint="What, how much and when; ‘none’ if none."
          error={errors.medication}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={draft.medication}
              onChange={(e) => text('medication', e.target.value)}
            />
          )}
        </Field>
        {documentField(
          'actionPlan',
          'Action plan (optional)',
          'A photo or a PDF of the plan from your doctor, up to 5 MB.',
        )}
      </fieldset>

      <fieldset className="enrolment-section">
        <legend>Immunisation</legend>
        {documentField('immunisation', 'Immunisation record', 'A photo or a PDF of the record, up to 5 MB.')}
        <Field classPrefix="kid" label="Date of the immunisation record" error={errors.immunisationDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={draft.immunisationDate}
              onChange={(e) => update({ immunisationDate: e.target.value })}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="enrolment-section">
        <legend>Family doctor</legend>
        {(['name', 'practice', 'phone'] as const).map((part) => (
          <Field
            key={part}
            classPrefix="kid"
            label={
              part === 'name'
                ? 'Doctor’s name'
                : part === 'practice'
                  ? 'Practice or clinic'
                  : 'Doctor’s phone'
            }
            error={errors[`doctor.${part}`]}
          >
            {(control) => (
              <input
                {...control}
                type={part === 'phone' ? 'tel' : 'text'}
                value={draft.doctor[part]}
                onChange={(e) =>
                  update({
                    doctor: {
                      ...draft.doctor,
                      [part]: limitCharacters(
                        draft.doctor[part],
                        e.target.value,
                        part === 'practice' ? ENROLMENT_TEXT_MAX.practice : ENROLMENT_TEXT_MAX[part],
                      ),
                    },
                  })
                }
              />
            )}
          </Field>
        ))}
      </fieldset>

      <fieldset className="enrolment-section">
        <legend>Consents</legend>
        <p className="kid-hint">Each consent is given by typing your full name; the time is kept with it.</p>
        <fieldset className="kid-fieldset enrolment-choice">
          <legend className="kid-label">Photos of {kidName} in the centre’s own updates to parents</legend>
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className="enrolment-radio">
              <input
                type="radio"
                name="photoAnswer"
                value={answer}
                checked={draft.photoAnswer === answer}
                onChange={() => update({ photoAnswer: answer })}
              />
              {answer === 'yes' ? 'Yes, photos may be shared' : 'No photos, please'}
            </label>
          ))}
        </fieldset>
        {consentName('photoName', 'Your full name, for the photo answer', draft, update, errors.photoConsent)}
        {consentName(
          'medicalName',
          `Your full name, to consent to emergency medical treatment for ${kidName} when you cannot be reached`,
          draft,
          update,
          errors.medicalConsent,
        )}
        {consentName(
          'policiesName',
          `Your full name, to agree to the centre’s policies (version ${CENTRE_POLICIES_VERSION})`,
          draft,
          update,
          errors.policiesConsent,
        )}
      </fieldset>

      <div className="enrolment-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save the file'}
        </button>
        {status && (
          <p className="enrolment-status" role="status">
            {status}
          </p>
        )}
      </div>
    </form>
  )
}

function consentName(
  key: 'photoName' | 'medicalName' | 'policiesName',
  label: string,
  draft: EnrolmentDraft,
  update: (change: Partial<EnrolmentDraft>) => void,
  error: string | undefined,
) {
  return (
    <Field classPrefix="kid" label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="name"
          value={draft[key]}
          onChange={(e) =>
            update({ [key]: limitCharacters(draft[key], e.target.value, ENROLMENT_TEXT_MAX.name) })
          }
        />
      )}
    </Field>
  )
}
