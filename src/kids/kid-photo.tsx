// A child's photo: a download address, or (for a child still queued) the bytes on this device, shown
// through an object URL that is released when the photo leaves the screen.
import { useEffect, useState } from 'react'
import type { PhotoRef } from './kids-data'
import { useOutbox } from './outbox/outbox-context'

/** The address to show a photo at; null while device bytes load (or when they are gone). */
export function usePhotoSrc(photo: PhotoRef | undefined): string | null {
  const runtime = useOutbox()
  const [deviceUrl, setDeviceUrl] = useState<string | null>(null)
  const photoId = photo?.kind === 'device' ? photo.photoId : null
  useEffect(() => {
    if (!photoId) return
    let live = true
    let objectUrl: string | null = null
    runtime.outbox.photoBytes(photoId).then(
      (bytes) => {
        if (!live || !bytes) return
        objectUrl = URL.createObjectURL(new Blob([bytes.data], { type: bytes.type }))
        setDeviceUrl(objectUrl)
      },
      () => undefined,
    )
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
      setDeviceUrl(null)
    }
  }, [photoId, runtime])
  if (!photo) return null
  return photo.kind === 'url' ? photo.url : deviceUrl
}

interface KidPhotoProps {
  readonly photo: PhotoRef | undefined
  readonly alt: string
  readonly className?: string
  readonly width: number
  readonly height: number
  readonly eager?: boolean
}

export function KidPhoto({ photo, alt, className, width, height, eager }: KidPhotoProps) {
  const src = usePhotoSrc(photo)
  if (!src) {
    const placeholder = `${className ?? ''} kid-photo-placeholder`
    if (!alt) return <span className={placeholder} aria-hidden="true" />
    return <span className={placeholder} role="img" aria-label={alt} />
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
