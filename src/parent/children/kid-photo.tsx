// A child's photo, shown from the device: the bytes still in the outbox, this device's own copy, or
// (once) downloaded with the parent's credentials and kept as a copy. Photos are private, so there is
// never a public address to put in an <img>; an object URL is made, and released when the photo leaves
// the screen (docs/decisions/0008-private-photos.md).
import { useEffect, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { Backend } from '#shared/backend/backend-ports'
import { type PhotoRef, photoKey } from './kids-view'

/** The photo's bytes, from wherever this device can have them: the outbox, a copy, or the server. */
export async function photoBlob(
  photo: PhotoRef,
  runtime: Pick<OutboxRuntime, 'outbox' | 'copies'>,
  backend: Pick<Backend, 'photos'>,
): Promise<Blob | null> {
  if (photo.kind === 'device') {
    const bytes = await runtime.outbox.photoBytes(photo.photoId)
    return bytes ? new Blob([bytes.data], { type: bytes.type }) : null
  }
  const copy = await runtime.copies.get(photo.owner, photo.path)
  if (copy) return copy
  const downloaded = await backend.photos.download(photo.path)
  await runtime.copies.put(photo.owner, photo.path, downloaded)
  return downloaded
}

/** The address to show a photo at; null while it loads (or when this device cannot have it). */
export function usePhotoSrc(photo: PhotoRef | undefined): string | null {
  const runtime = useOutbox()
  const { backend } = useParentScope()
  const [src, setSrc] = useState<string | null>(null)
  const key = photo ? (photo.kind === 'stored' ? `${photo.owner}/${photo.path}` : photo.photoId) : null
  useEffect(() => {
    if (!photo) return
    let live = true
    let objectUrl: string | null = null
    photoBlob(photo, runtime, backend).then(
      (blob) => {
        if (!live || !blob) return
        objectUrl = URL.createObjectURL(blob)
        setSrc(objectUrl)
      },
      (error: unknown) => console.warn('A photo could not be shown', error),
    )
    return () => {
      live = false
      setSrc(null)
      // Released once the <img> showing it is gone (this runs before React has removed or updated it).
      const url = objectUrl
      if (url) setTimeout(() => URL.revokeObjectURL(url), 1_000)
    }
  }, [key, runtime, backend])
  return src
}

/** Object URLs of several photos (by photoKey), filled in as each loads; released when they leave. */
export function usePhotoSrcs(photos: readonly PhotoRef[]): ReadonlyMap<string, string> {
  const runtime = useOutbox()
  const { backend } = useParentScope()
  const [srcs, setSrcs] = useState<ReadonlyMap<string, string>>(new Map())
  const keys = photos.map(photoKey).join('\u0000')
  useEffect(() => {
    let live = true
    const made: string[] = []
    for (const photo of photos)
      photoBlob(photo, runtime, backend).then(
        (blob) => {
          if (!live || !blob) return
          const url = URL.createObjectURL(blob)
          made.push(url)
          setSrcs((previous) => new Map(previous).set(photoKey(photo), url))
        },
        (error: unknown) => console.warn('A photo could not be shown', error),
      )
    return () => {
      live = false
      setSrcs(new Map())
      setTimeout(() => {
        for (const url of made) URL.revokeObjectURL(url)
      }, 1_000)
    }
  }, [keys, runtime, backend])
  return srcs
}

interface KidPhotoProps {
  readonly photo: PhotoRef | undefined
  readonly alt: string
  readonly className?: string
  readonly width: number
  readonly height: number
}

export function KidPhoto({ photo, alt, className, width, height }: KidPhotoProps) {
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
      // From memory, never from the network: nothing to gain from lazy loading.
      loading="eager"
      decoding="async"
    />
  )
}
