// A child's cover photo at /centre, loaded only when a member of staff asks for it ('Show photo'):
// photos are private, read with the staff member's credentials, shown from an object URL that is
// released when the photo leaves the screen (docs/decisions/0008-private-photos.md).
import { useEffect, useRef, useState } from 'react'
import { storagePathOf } from '#shared/records/kid-photos'

export interface ChildPhotoProps {
  readonly photo: string | undefined
  readonly name: string
  readonly download: (path: string) => Promise<Blob>
}

export function ChildPhoto({ photo, name, download }: ChildPhotoProps) {
  const [shown, setShown] = useState(false)
  const [src, setSrc] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const path = photo ? storagePathOf(photo) : null
  // 'Show photo' is replaced by the photo: focus moves to the photo's place rather than to the page.
  const slot = useRef<HTMLDivElement>(null)
  const moveFocus = useRef(false)
  useEffect(() => {
    if (!shown || !moveFocus.current) return
    moveFocus.current = false
    slot.current?.focus()
  }, [shown])

  useEffect(() => {
    if (!shown || !path) return
    let live = true
    let url: string | null = null
    download(path).then(
      (blob) => {
        if (!live) return
        url = URL.createObjectURL(blob)
        setSrc(url)
      },
      (error: unknown) => {
        console.warn('A photo could not be shown', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [shown, path, download])

  if (!path) return null
  if (!shown)
    return (
      <button
        type="button"
        className="centre-text-button"
        onClick={(event) => {
          moveFocus.current = event.currentTarget === document.activeElement
          setShown(true)
        }}
      >
        Show photo <span className="visually-hidden">of {name}</span>
      </button>
    )
  return (
    // Focusable by script only, and read out as it changes: loading, then the photo (its alt) or why not.
    <div ref={slot} tabIndex={-1} className="centre-photo-slot" aria-live="polite">
      {failed ? (
        <p className="centre-muted">The photo could not be loaded.</p>
      ) : src ? (
        <img src={src} alt={name} className="centre-photo" width={160} height={160} />
      ) : (
        <p className="centre-muted">Loading photo…</p>
      )}
    </div>
  )
}
