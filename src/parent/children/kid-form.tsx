// The add and edit child form: every field required, defaults Male / No / Monthly, 'Max 6 images'
// checked on submit, photos scaled down on the device as soon as they are picked (kid-form-photos.ts),
// and a full-screen overlay with the upload progress while the submission is being sent
// (kid-form-progress.tsx). A gender or plan the form does not offer, held by the child's stored record,
// stays a choice and is saved back unchanged unless the parent picks another.
import { type FormEvent, type ReactNode, useId, useReducer, useRef, useState } from 'react'
import { ageInputOf, type KidAgeInput, readAgeInput } from '#shared/records/kid-age'
import { MAX_KID_PHOTOS, photoMessages } from '#shared/records/kid-photos'
import {
  isKidGender,
  isKidPlan,
  KID_FIELD_LABELS,
  KID_GENDERS,
  KID_PLANS,
  KID_TEXT_MAX,
  type KidFieldErrors,
  type KidFields,
  type KidTextField,
  normalizeKidFields,
  validateKidFields,
} from '#shared/records/kid-record'
import { Field } from '#shared/ui/field'
import { notify } from '#shared/ui/notify'
import { DisabilityToggle, KidAgeField, KidChoice, KidTextInput } from './kid-form-fields'
import { chosenPhotos, type FormPhotos, useFormPhotos } from './kid-form-photos'
import { IDLE, SubmitOverlay, submitProgress } from './kid-form-progress'
import type { PhotoRef } from './kids-view'
import { PhotoPicker } from './photo-picker'

export type { FormPhoto, FormPhotos } from './kid-form-photos'

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

type FieldKey = keyof KidFields | 'images'
type FormErrors = KidFieldErrors & { images?: string }

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

const NO_PHOTOS: readonly PhotoRef[] = []

/** The stored value of a choice the form does not offer, kept as a choice of its own. */
function keptValue(value: string, offered: (value: string) => boolean): string | undefined {
  return value === '' || offered(value) ? undefined : value
}

export function KidForm(props: KidFormProps) {
  const { title, submitLabel, initial, sharedFiles, photosRequired, notice } = props
  const currentPhotos = props.currentPhotos ?? NO_PHOTOS
  const [fields, setFields] = useState<KidFields>(initial)
  // Child Age as typed in its two boxes; the month of birth is worked out from them on submit.
  const [age, setAge] = useState<KidAgeInput>(() => ageInputOf(initial.kidBirthMonth))
  const [errors, setErrors] = useState<FormErrors>({})
  // Submitting may wait for photos still being prepared: it then reads the images error they left.
  const imagesError = useRef(errors.images)
  imagesError.current = errors.images
  const setImagesError = (message: string | undefined) =>
    setErrors((previous) => ({ ...previous, images: message }))
  const photos = useFormPhotos(currentPhotos, sharedFiles, setImagesError)
  const [submission, dispatch] = useReducer(submitProgress, IDLE)
  const { busy } = submission
  const formRef = useRef<HTMLFormElement>(null)
  const baseId = useId()
  const idOf = (field: FieldKey) => `${baseId}-${field}`

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
    // Photos picked a moment ago may still be scaling down.
    const picked = await photos.settled()
    const typedAge = readAgeInput(age)
    const clean = normalizeKidFields({
      ...fields,
      // Years and months typed: they replace an older record's text. Nothing typed: that text stays.
      ...(typedAge.kind === 'birthMonth' ? { kidAge: '', kidBirthMonth: typedAge.birthMonth } : {}),
      ...(typedAge.kind === 'empty' ? { kidBirthMonth: '' } : {}),
    })
    const found: FormErrors = { ...validateKidFields(clean) }
    if (typedAge.kind === 'error') found.kidAge = typedAge.message
    if (imagesError.current) found.images = imagesError.current
    else if (picked.length === 0 && (photosRequired || currentPhotos.length > 0))
      found.images = photoMessages.imagesRequired
    else if (picked.length > MAX_KID_PHOTOS) {
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
    setFields(clean)
    dispatch({ type: 'started', phase: 'Saving your child…' })
    try {
      await props.onSubmit(clean, chosenPhotos(picked, currentPhotos), (fraction) =>
        dispatch({ type: 'progressed', fraction }),
      )
    } catch (error) {
      dispatch({ type: 'failed' })
      console.error('The child could not be saved on this device', error)
      void notify('error', 'Your child could not be saved on this device. Please try again.')
    }
  }

  const text = (field: KidTextField, options: { autoComplete?: string; multiline?: boolean } = {}) => (
    <KidTextInput
      id={idOf(field)}
      name={field}
      label={KID_FIELD_LABELS[field]}
      value={fields[field]}
      max={KID_TEXT_MAX[field]}
      error={errors[field]}
      onChange={(value) => set(field, value)}
      type={field === 'parentPhone' ? 'tel' : 'text'}
      {...options}
    />
  )

  return (
    <div className="kid-page">
      <h1>{title}</h1>
      {notice}
      <form ref={formRef} className="kid-form" noValidate onSubmit={onSubmit} inert={busy} aria-busy={busy}>
        {text('kidName')}
        <KidAgeField
          id={idOf('kidAge')}
          legend={KID_FIELD_LABELS.kidAge}
          value={age}
          keptText={initial.kidAge}
          error={errors.kidAge}
          onChange={(value) => {
            setAge(value)
            if (errors.kidAge) setErrors((previous) => ({ ...previous, kidAge: undefined }))
          }}
        />
        <KidChoice
          id={idOf('kidGender')}
          name="kidGender"
          label={KID_FIELD_LABELS.kidGender}
          value={fields.kidGender}
          choices={KID_GENDERS}
          kept={keptValue(initial.kidGender, isKidGender)}
          error={errors.kidGender}
          onChange={(value) => set('kidGender', value)}
        />
        <DisabilityToggle
          id={idOf('disability')}
          legend={KID_FIELD_LABELS.disability}
          value={fields.disability}
          onChange={(value) => set('disability', value)}
        />
        {text('parentName', { autoComplete: 'name' })}
        {text('parentAge')}
        {text('parentPhone', { autoComplete: 'tel' })}
        {text('address', { autoComplete: 'street-address', multiline: true })}
        <KidChoice
          id={idOf('plan')}
          name="plan"
          label={KID_FIELD_LABELS.plan}
          value={fields.plan}
          choices={KID_PLANS}
          kept={keptValue(initial.plan, isKidPlan)}
          error={errors.plan}
          onChange={(value) => set('plan', value)}
        />
        <Field
          id={idOf('images')}
          label="Images"
          hintPlacement="before"
          hint={`The first image will be the cover, max 6${
            currentPhotos.length > 0
              ? '. Your saved photos stay and new ones are added to them; remove any, or make one the cover.'
              : ''
          }`}
          error={errors.images}
          classPrefix="kid"
        >
          {(control) => (
            <PhotoPicker
              id={control.id}
              photos={photos.shown}
              onChange={(next) => {
                photos.setPhotos(next)
                if (errors.images) setImagesError(undefined)
              }}
              onPick={photos.pick}
              preparing={photos.pendingCount}
              required={photosRequired}
              invalid={Boolean(control['aria-invalid'])}
              describedBy={control['aria-describedby']}
            />
          )}
        </Field>
        <button type="submit" className="kid-submit">
          {submitLabel}
        </button>
      </form>
      <SubmitOverlay state={submission} />
    </div>
  )
}
