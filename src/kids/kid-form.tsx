// The add and edit child form: every field required, defaults Male / No / Monthly,
// 'Max 6 images' checked on submit, photos scaled down on the device, and a full-screen overlay with the
// upload progress while the submission is being sent.
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { checkPickedPhotos, PHOTO_ACCEPT, photoMessages } from '../shared/records/kid-photos'
import {
  KID_FIELD_LABELS,
  KID_GENDERS,
  KID_PLANS,
  KID_TEXT_MAX,
  type KidFieldErrors,
  type KidFields,
  type KidTextField,
  normalizeKidFields,
  validateKidFields,
} from '../shared/records/kid-record'
import { notify } from '../shared/ui/notify'
import { KidPhoto } from './kid-photo'
import { type PhotoRef, photoKey } from './kids-view'
import type { PreparedPhoto } from './outbox/outbox-store'
import { PhotoPrepError, preparePhotos } from './photo-prep'

export interface KidFormProps {
  readonly title: string
  readonly submitLabel: string
  readonly initial: KidFields
  /** Edit: the photos kept unless new ones are chosen. */
  readonly currentPhotos?: readonly PhotoRef[]
  readonly photosRequired: boolean
  /** Queues the submission and moves on; `onProgress` drives the overlay's progress bar. */
  readonly onSubmit: (
    fields: KidFields,
    photos: PreparedPhoto[] | null,
    onProgress: (fraction: number) => void,
  ) => Promise<void>
  readonly notice?: ReactNode
}

type FieldKey = keyof KidFields | 'images'

const FOCUS_ORDER: readonly FieldKey[] = [
  'kidName',
  'kidAge',
  'kidGender',
  'disability',
  'parentName',
  'parentAge',
  'parentPhone',
  'address',
  'plan',
  'images',
]

export function KidForm(props: KidFormProps) {
  const { title, submitLabel, initial, currentPhotos, photosRequired, notice } = props
  const [fields, setFields] = useState<KidFields>(initial)
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<KidFieldErrors & { images?: string }>({})
  // The form starts with its loading flag false.
  const [busy, setBusy] = useState(false)
  const [phase, setPhase] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const baseId = useId()
  const idOf = (field: FieldKey) => `${baseId}-${field}`
  const errorIdOf = (field: FieldKey) => `${baseId}-${field}-error`

  function set<K extends keyof KidFields>(field: K, value: KidFields[K]) {
    setFields((previous) => ({ ...previous, [field]: value }))
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  function focusField(field: FieldKey) {
    const target =
      field === 'disability'
        ? formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf('disability'))} button`)
        : document.getElementById(idOf(field))
    target?.focus()
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const clean = normalizeKidFields(fields)
    const found: KidFieldErrors & { images?: string } = { ...validateKidFields(clean) }
    const imageProblem = checkPickedPhotos(files, photosRequired)
    if (imageProblem) found.images = imageProblem
    // More than 6 images: 'Max 6 images', the form stops, loading ends.
    if (imageProblem === photoMessages.maxImages) void notify('error', photoMessages.maxImages)
    setErrors(found)
    const first = FOCUS_ORDER.find((field) => found[field])
    if (first) {
      focusField(first)
      return
    }
    setFields(clean)
    setBusy(true)
    setProgress(null)
    let photos: PreparedPhoto[] | null = null
    try {
      if (files.length > 0) {
        setPhase('Preparing photos…')
        photos = await preparePhotos(files)
      }
      setPhase('Saving your child…')
      await props.onSubmit(clean, photos, (fraction) => setProgress(Math.round(fraction * 100)))
    } catch (error) {
      setBusy(false)
      if (error instanceof PhotoPrepError) {
        setErrors({ images: error.message })
        focusField('images')
        return
      }
      console.error('The child could not be saved on this device', error)
      void notify('error', 'Your child could not be saved on this device. Please try again.')
    }
  }

  function textField(field: KidTextField, options: { autoComplete?: string; multiline?: boolean } = {}) {
    const error = errors[field]
    const common = {
      id: idOf(field),
      name: field,
      value: fields[field],
      required: true,
      maxLength: KID_TEXT_MAX[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorIdOf(field) : undefined,
    } as const
    return (
      <div className="kid-field">
        <label htmlFor={idOf(field)}>{KID_FIELD_LABELS[field]}</label>
        {options.multiline ? (
          <textarea
            {...common}
            rows={3}
            autoComplete={options.autoComplete}
            onChange={(e) => set(field, e.target.value)}
          />
        ) : (
          <input
            {...common}
            type={field === 'parentPhone' ? 'tel' : 'text'}
            autoComplete={options.autoComplete ?? 'off'}
            onChange={(e) => set(field, e.target.value)}
          />
        )}
        {error && (
          <p id={errorIdOf(field)} className="kid-error">
            {error}
          </p>
        )}
      </div>
    )
  }

  const imagesHintId = `${baseId}-images-hint`

  return (
    <div className="kid-page">
      <h1>{title}</h1>
      {notice}
      <form ref={formRef} className="kid-form" noValidate onSubmit={onSubmit} inert={busy} aria-busy={busy}>
        {textField('kidName')}
        {textField('kidAge')}
        <div className="kid-field">
          <label htmlFor={idOf('kidGender')}>{KID_FIELD_LABELS.kidGender}</label>
          <select
            id={idOf('kidGender')}
            name="kidGender"
            required
            value={fields.kidGender}
            onChange={(e) => set('kidGender', e.target.value === 'Female' ? 'Female' : 'Male')}
          >
            {KID_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </select>
        </div>
        <fieldset id={idOf('disability')} className="kid-field kid-fieldset">
          <legend className="kid-label">{KID_FIELD_LABELS.disability}</legend>
          <div className="kid-toggle">
            <button type="button" aria-pressed={fields.disability} onClick={() => set('disability', true)}>
              Yes
            </button>
            <button type="button" aria-pressed={!fields.disability} onClick={() => set('disability', false)}>
              No
            </button>
          </div>
        </fieldset>
        {textField('parentName', { autoComplete: 'name' })}
        {textField('parentAge')}
        {textField('parentPhone', { autoComplete: 'tel' })}
        {textField('address', { autoComplete: 'street-address', multiline: true })}
        <div className="kid-field">
          <label htmlFor={idOf('plan')}>{KID_FIELD_LABELS.plan}</label>
          <select
            id={idOf('plan')}
            name="plan"
            required
            value={fields.plan}
            onChange={(e) => {
              const plan = KID_PLANS.find((p) => p === e.target.value)
              if (plan) set('plan', plan)
            }}
          >
            {KID_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </div>
        <div className="kid-field">
          <label htmlFor={idOf('images')}>Images</label>
          <p id={imagesHintId} className="kid-hint">
            The first image will be the cover, max 6
            {currentPhotos && currentPhotos.length > 0
              ? '. Your current photos stay unless you choose new ones.'
              : ''}
          </p>
          {currentPhotos && currentPhotos.length > 0 && files.length === 0 && (
            <ul className="kid-thumbs" aria-label="Current photos">
              {currentPhotos.map((photo, index) => (
                <li key={photoKey(photo)}>
                  <KidPhoto
                    photo={photo}
                    alt={`Current photo ${index + 1}${index === 0 ? ' (cover)' : ''}`}
                    className="kid-thumb"
                    width={72}
                    height={72}
                  />
                </li>
              ))}
            </ul>
          )}
          <input
            id={idOf('images')}
            name="images"
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            required={photosRequired}
            aria-invalid={errors.images ? true : undefined}
            aria-describedby={errors.images ? `${imagesHintId} ${errorIdOf('images')}` : imagesHintId}
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []))
              if (errors.images) setErrors((previous) => ({ ...previous, images: undefined }))
            }}
          />
          {files.length > 0 && (
            <ol className="kid-file-list" aria-label="Chosen images">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                  {file.name}
                  {index === 0 ? ' (cover)' : ''}
                </li>
              ))}
            </ol>
          )}
          {errors.images && (
            <p id={errorIdOf('images')} className="kid-error">
              {errors.images}
            </p>
          )}
        </div>
        <button type="submit" className="kid-submit">
          {submitLabel}
        </button>
      </form>
      {busy && (
        <div className="kid-overlay">
          <div className="kid-overlay-box" role="status" aria-live="polite">
            <span className="kid-spinner" aria-hidden="true" />
            <p>{phase}</p>
            {progress !== null && (
              <>
                <progress max={100} value={progress} aria-label="Upload progress" />
                <p>{progress}%</p>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
