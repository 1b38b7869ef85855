// A child's cover photo at /centre, loaded only when a member of staff asks for it ('Show photo'):
// photos are private, read with the staff member's credentials, shown from an object URL that is
// released when the photo leaves the screen (docs/decisions/0008-private-photos.md).
import { useEffect, useState } from 'react'
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
      <button type="button" className="centre-text-button" onClick={() => setShown(true)}>
        Show photo <span className="visually-hidden">of {name}</span>
      </button>
    )
  if (failed) return <p className="centre-muted">The photo could not be loaded.</p>
  if (!src) return <p className="centre-muted">Loading photo…</p>
  return <img src={src} alt={name} className="centre-photo" width={160} height={160} />
}
