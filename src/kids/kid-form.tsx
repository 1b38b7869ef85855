// The add and edit child form: every field required, defaults Male / No / Monthly, 'Max 6 images'
// checked on submit, photos scaled down on the device as soon as they are picked (the picker shows their
// thumbnails, and submitting has nothing left to prepare), and a full-screen overlay with the upload
// progress while the submission is being sent.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { checkPickedPhotos, MAX_KID_PHOTOS, photoMessages } from '../shared/records/kid-photos'
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
import { usePhotoSrcs } from './kid-photo'
import { type PhotoRef, photoKey } from './kids-view'
import type { PreparedPhoto } from './outbox/outbox-store'
import { PhotoPicker, type PickedPhoto } from './photo-picker'
import { PhotoPrepError, preparePhotos } from './photo-prep'

/** A photo the form hands over: picked now, or one the child has (saved, or still on this device). */
export type FormPhoto = { readonly kind: 'new'; readonly photo: PreparedPhoto } | PhotoRef

/**
 * What the form hands over: the chosen photos in order, the cover first (the child's that the parent
 * kept, and the new ones added to them); `changed` when they differ from the child's as they were.
 */
export interface FormPhotos {
  readonly photos: readonly FormPhoto[]
  readonly changed: boolean
}

export interface KidFormProps {
  readonly title: string
  readonly submitLabel: string
  readonly initial: KidFields
  /** Edit: the saved photos, in order. They stay, new ones are added to them; the parent may remove any. */
  readonly currentPhotos?: readonly PhotoRef[]
  /** Photos to start with (shared to the installed app from the phone's gallery). */
  readonly sharedFiles?: readonly File[]
  readonly photosRequired: boolean
  /** Queues the submission and moves on; `onProgress` drives the overlay's progress bar. */
  readonly onSubmit: (
    fields: KidFields,
    photos: FormPhotos,
    onProgress: (fraction: number) => void,
  ) => Promise<void>
  readonly notice?: ReactNode
}

let picked = 0
/** A key for a picked photo that stays with it while it moves in the list. */
function newKey(): string {
  picked += 1
  return `picked-${picked}`
}

/** Type and size of each picked file (how many is checked on submit: 'Max 6 images'). */
function pickProblem(files: readonly File[]): string | null {
  for (const file of files) {
    const problem = checkPickedPhotos([file], false)
    if (problem) return problem
  }
  return null
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
  const { title, submitLabel, initial, currentPhotos, sharedFiles, photosRequired, notice } = props
  const [fields, setFields] = useState<KidFields>(initial)
  const [photos, setPhotos] = useState<readonly PickedPhoto[]>(() =>
    (currentPhotos ?? []).map((photo, index) => ({
      kind: 'current',
      key: photoKey(photo),
      src: null,
      label: `saved photo ${index + 1}`,
    })),
  )
  const currentSrcs = usePhotoSrcs(currentPhotos ?? [])
  const [preparing, setPreparing] = useState<Promise<void> | null>(null)
  // How many picked files are still being scaled down: the picker holds a tile for each.
  const [pendingCount, setPendingCount] = useState(0)
  const [errors, setErrors] = useState<KidFieldErrors & { images?: string }>({})
  // Submitting may wait for photos still being prepared: it then reads what they have become.
  const latest = useRef({ photos, imagesError: errors.images })
  latest.current = { photos, imagesError: errors.images }
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

  /** Scales picked files down on the device and adds them after the photos already chosen. */
  function pick(files: readonly File[]) {
    const problem = pickProblem(files)
    setErrors((previous) => ({ ...previous, images: problem ?? undefined }))
    if (problem) return
    setPendingCount((count) => count + files.length)
    const work = preparePhotos(files)
      .then((prepared) =>
        setPhotos((previous) => [
          ...previous,
          ...prepared.map((photo): PickedPhoto => ({ kind: 'new', key: newKey(), photo })),
        ]),
      )
      .catch((error: unknown) => {
        const message = error instanceof PhotoPrepError ? error.message : photoMessages.imageType
        setErrors((previous) => ({ ...previous, images: message }))
      })
      .finally(() => {
        setPendingCount((count) => count - files.length)
        setPreparing((current) => (current === work ? null : current))
      })
    setPreparing(work)
  }

  // Photos shared to the app arrive with the form, as if picked.
  const sharedPicked = useRef(false)
  useEffect(() => {
    if (sharedPicked.current || !sharedFiles || sharedFiles.length === 0) return
    sharedPicked.current = true
    pick(sharedFiles)
  }, [sharedFiles])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    // Photos picked a moment ago may still be scaling down.
    if (preparing) {
      await preparing
      // The state set meanwhile is rendered before this goes on.
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    const { photos, imagesError } = latest.current
    const clean = normalizeKidFields(fields)
    const found: KidFieldErrors & { images?: string } = { ...validateKidFields(clean) }
    if (imagesError) found.images = imagesError
    else if (photos.length === 0 && (photosRequired || (currentPhotos?.length ?? 0) > 0))
      found.images = photoMessages.imagesRequired
    else if (photos.length > MAX_KID_PHOTOS) {
      // More than 6 images: 'Max 6 images', the form stops, loading ends.
      found.images = photoMessages.maxImages
      void notify('error', photoMessages.maxImages)
    }
    setErrors(found)
    const first = FOCUS_ORDER.find((field) => found[field])
    if (first) {
      focusField(first)
      return
    }
    const chosen: FormPhotos = {
      photos: photos.flatMap((photo): FormPhoto[] =>
        photo.kind === 'new'
          ? [{ kind: 'new', photo: photo.photo }]
          : (currentPhotos?.filter((ref) => photoKey(ref) === photo.key) ?? []),
      ),
      changed: photos.map((photo) => photo.key).join() !== (currentPhotos ?? []).map(photoKey).join(),
    }
    setFields(clean)
    setBusy(true)
    setProgress(null)
    try {
      setPhase('Saving your child…')
      await props.onSubmit(clean, chosen, (fraction) => setProgress(Math.round(fraction * 100)))
    } catch (error) {
      setBusy(false)
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
              ? '. Your saved photos stay and new ones are added to them; remove any, or make one the cover.'
              : ''}
          </p>
          <PhotoPicker
            id={idOf('images')}
            photos={photos.map((photo) =>
              photo.kind === 'current' ? { ...photo, src: currentSrcs.get(photo.key) ?? null } : photo,
            )}
            onChange={(next) => {
              setPhotos(next)
              if (errors.images) setErrors((previous) => ({ ...previous, images: undefined }))
            }}
            onPick={pick}
            preparing={pendingCount}
            required={photosRequired}
            invalid={Boolean(errors.images)}
            describedBy={errors.images ? `${imagesHintId} ${errorIdOf('images')}` : imagesHintId}
          />
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
