// Photos shared to the installed app from the phone's gallery: read from the device once, for the add
// or edit form they were sent to, and an offer to give them to one of the parent's children instead.
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { readSharedPhotos } from '#shared/device/shared-photos'
import { useOutboxEntries, useStoredKids } from './kids-data'
import { mergeKids } from './kids-view'

/** The shared photos of `share` (undefined while they are read; [] when there are none). */
export function useSharedFiles(share: string | undefined): readonly File[] | undefined {
  const [files, setFiles] = useState<readonly File[] | undefined>(share ? undefined : [])
  useEffect(() => {
    if (!share) return
    let live = true
    readSharedPhotos(share).then(
      (found) => {
        if (live) setFiles(found)
      },
      () => {
        if (live) setFiles([])
      },
    )
    return () => {
      live = false
    }
  }, [share])
  return files
}

/** On the add form: the shared photos may be for a child already registered. */
export function SharedPhotosOffer({ share, userId }: { readonly share: string; readonly userId: string }) {
  const entries = useOutboxEntries(userId) ?? []
  const { kids } = useStoredKids()
  const children = mergeKids(kids, entries)
  if (children.length === 0) return null
  return (
    <p className="notice notice--info kid-notice">
      The shared photos are below. To add them to one of your children instead:{' '}
      {children.map((kid, index) => (
        <span key={kid.id}>
          {index > 0 && ', '}
          <Link to="/edit-kid/$kidId" params={{ kidId: kid.id }} search={{ share }}>
            {kid.fields.kidName}
          </Link>
        </span>
      ))}
      .
    </p>
  )
}
