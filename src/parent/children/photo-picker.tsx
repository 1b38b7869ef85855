// The photo picker of the add and edit form: a real file input styled as a button, the chosen photos
// as thumbnails, the first marked as the cover, and buttons to remove a photo or make it the cover.
// The form owns the list: picked files go to `onPick` (the form scales them down on the device and
// checks how many fit), every change made here goes to `onChange`.
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { MAX_KID_PHOTOS, PHOTO_ACCEPT } from '#shared/records/kid-photos'
import './photo-picker.css'

export type PickedPhoto =
  /** Picked on this device and scaled down, not saved yet. */
  | { readonly kind: 'new'; readonly key: string; readonly photo: PreparedPhoto }
  /** A saved photo, shown from `src` (an object URL or an address; null while it loads). */
  | { readonly kind: 'current'; readonly key: string; readonly src: string | null; readonly label: string }

export interface PhotoPickerProps {
  /** The file input's id, so the form's <label htmlFor> names it. */
  readonly id: string
  /** In order; the first is the cover. */
  readonly photos: readonly PickedPhoto[]
  readonly onChange: (photos: readonly PickedPhoto[]) => void
  /** The form scales the files down, then calls onChange. */
  readonly onPick: (files: readonly File[]) => void
  /** How many picked files the form is still scaling down. Each holds a tile of its own meanwhile, so
   * nothing below the picker (the submit button) moves when the thumbnails arrive. */
  readonly preparing?: number
  /** Ids of the hint and the error, for the input's aria-describedby. */
  readonly describedBy?: string
  readonly invalid?: boolean
  readonly required?: boolean
  readonly max?: number
}

/** Where focus goes once the form has applied a change: a photo (by key) or the file input. */
type FocusTarget = { readonly photoKey: string } | 'input'

function photoCount(count: number): string {
  return count === 1 ? '1 photo' : `${count} photos`
}

export function PhotoPicker(props: PhotoPickerProps) {
  const {
    id,
    photos,
    onChange,
    onPick,
    preparing = 0,
    describedBy,
    invalid = false,
    required = false,
  } = props
  const max = props.max ?? MAX_KID_PHOTOS
  const inputRef = useRef<HTMLInputElement>(null)
  const frames = useRef(new Map<string, HTMLElement>())
  const focusAfterChange = useRef<FocusTarget | null>(null)
  const [announcement, setAnnouncement] = useState('')

  // The photos move or disappear under the keyboard: once the form has applied a change, focus goes
  // where the parent can carry on, instead of falling back to the top of the page.
  useLayoutEffect(() => {
    const target = focusAfterChange.current
    if (!target) return
    focusAfterChange.current = null
    if (target === 'input') inputRef.current?.focus()
    else if (photos.some((photo) => photo.key === target.photoKey))
      frames.current.get(target.photoKey)?.focus()
  }, [photos])

  // Photos the form adds (after scaling down) are announced too: the thumbnails appear out of sight of
  // a screen reader user, who is still on the file input.
  const previousKeys = useRef<readonly string[] | null>(null)
  useEffect(() => {
    const before = previousKeys.current
    previousKeys.current = photos.map((photo) => photo.key)
    if (!before) return
    const added = photos.filter((photo) => !before.includes(photo.key)).length
    if (added > 0) setAnnouncement(`${photoCount(added)} added, ${photoCount(photos.length)} in all.`)
  }, [photos])

  function remove(index: number) {
    const rest = photos.filter((_, i) => i !== index)
    const neighbour = rest[index] ?? rest[index - 1]
    focusAfterChange.current = neighbour ? { photoKey: neighbour.key } : 'input'
    let message = `Photo ${index + 1} removed, ${rest.length === 0 ? 'no photos' : photoCount(rest.length)} left.`
    if (index === 0 && rest.length > 0) message += ' The next photo is now the cover.'
    setAnnouncement(message)
    onChange(rest)
  }

  function makeCover(index: number) {
    const photo = photos[index]
    if (!photo || index === 0) return
    // The chosen photo moves to the front; the others keep their order behind it.
    focusAfterChange.current = { photoKey: photo.key }
    setAnnouncement(`Photo ${index + 1} is now the cover`)
    onChange([photo, ...photos.filter((_, i) => i !== index)])
  }

  const busy = preparing > 0
  const status = busy ? 'Preparing photos…' : announcement
  const chosen = photos.length + preparing
  const full = chosen >= max
  const count = chosen <= max ? `${chosen} of ${max}` : `${chosen}, more than ${max}`

  return (
    <div className={`photo-picker${invalid ? ' photo-picker--invalid' : ''}`} aria-busy={busy}>
      {chosen > 0 && (
        <ol className="photo-picker__grid" aria-label="Chosen photos">
          {photos.map((photo, index) => {
            const position = index + 1
            const cover = index === 0
            return (
              <li
                key={photo.key}
                className={`photo-picker__item${cover ? ' photo-picker__item--cover' : ''}`}
              >
                <div
                  className="photo-picker__frame"
                  tabIndex={-1}
                  ref={(element) => {
                    if (element) frames.current.set(photo.key, element)
                    else frames.current.delete(photo.key)
                  }}
                >
                  <Thumbnail
                    photo={photo}
                    alt={`Photo ${position}${cover ? ', the cover' : ''}: ${nameOf(photo)}`}
                  />
                </div>
                <button type="button" className="photo-picker__remove" onClick={() => remove(index)}>
                  <CrossIcon />
                  <span className="visually-hidden">Remove photo {position}</span>
                </button>
                {cover ? (
                  <p className="photo-picker__cover-tag">
                    <StarIcon />
                    Cover
                  </p>
                ) : (
                  <button type="button" className="photo-picker__make-cover" onClick={() => makeCover(index)}>
                    Make <span className="visually-hidden">photo {position} the</span> cover
                  </button>
                )}
              </li>
            )
          })}
          {Array.from({ length: preparing }, (_, index) => (
            <PendingTile key={`pending-${index}`} cover={photos.length + index === 0} />
          ))}
        </ol>
      )}
      <div className="photo-picker__bar">
        <div className="photo-picker__choose">
          {/* The real input lies over the styled label, transparent: a tap anywhere on the button,
              keyboard focus and screen readers all reach the input itself. */}
          <input
            ref={inputRef}
            id={id}
            className="photo-picker__input"
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            required={required && photos.length === 0}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? [])
              // Emptied so that picking the same file again (say, after removing it) is noticed.
              event.currentTarget.value = ''
              if (files.length > 0) onPick(files)
            }}
          />
          <label htmlFor={id} className="photo-picker__button">
            <PlusIcon />
            {chosen === 0 ? 'Choose photos' : 'Add photos'}
          </label>
        </div>
        <p className={`photo-picker__count${full ? ' photo-picker__count--full' : ''}`}>{count}</p>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  )
}

/** A photo still being scaled down: the size of a thumbnail with its cover line, so that nothing moves
 * when the thumbnail takes its place. */
function PendingTile({ cover }: { readonly cover: boolean }) {
  return (
    <li className="photo-picker__item photo-picker__item--pending" aria-hidden="true">
      <div className="photo-picker__frame photo-picker__pending">
        <span className="photo-picker__spinner" />
        <span>Preparing…</span>
      </div>
      {/* Invisible, the same line as the thumbnail's below it, for the same height. */}
      {cover ? (
        <p className="photo-picker__cover-tag photo-picker__placeholder">
          <StarIcon />
          Cover
        </p>
      ) : (
        <p className="photo-picker__make-cover photo-picker__placeholder">Make cover</p>
      )}
    </li>
  )
}

function nameOf(photo: PickedPhoto): string {
  return photo.kind === 'new' ? photo.photo.name : photo.label
}

function Thumbnail({ photo, alt }: { readonly photo: PickedPhoto; readonly alt: string }) {
  const deviceSrc = useObjectUrl(photo.kind === 'new' ? photo.photo : null)
  const src = photo.kind === 'new' ? deviceSrc : photo.src
  // A saved photo still on its way from the server (or the device's copy): say so, not an empty box.
  if (!src)
    return (
      <span
        className="photo-picker__image photo-picker__image--loading photo-picker__pending"
        role="img"
        aria-label={alt}
        aria-busy="true"
      >
        <span className="photo-picker__spinner" />
        <span aria-hidden="true">Loading…</span>
      </span>
    )
  return <img className="photo-picker__image" src={src} alt={alt} width={160} height={160} decoding="async" />
}

/** An object URL of the prepared bytes, released when the photo leaves the picker. */
function useObjectUrl(photo: PreparedPhoto | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  const data = photo?.data
  const type = photo?.type
  useEffect(() => {
    if (!data) return
    const objectUrl = URL.createObjectURL(new Blob([data], { type }))
    setUrl(objectUrl)
    return () => {
      setUrl(null)
      // Released once the <img> showing it is gone (this runs before React has removed it).
      setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000)
    }
  }, [data, type])
  return url
}

function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg
      className="photo-picker__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

const CrossIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
)

const StarIcon = () => (
  <Icon>
    <path
      d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
      fill="currentColor"
      strokeWidth="1.5"
    />
  </Icon>
)
