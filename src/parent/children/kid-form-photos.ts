// The add/edit form's photos: the child's saved ones and those picked now, scaled down on the device as
// soon as they are picked (the picker shows their thumbnails, and submitting has nothing left to prepare).
import { useEffect, useRef, useState } from 'react'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { checkPickedPhotos, photoMessages } from '#shared/records/kid-photos'
import { usePhotoSrcs } from './kid-photo'
import { type PhotoRef, photoKey } from './kids-view'
import type { PickedPhoto } from './photo-picker'
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

/** The photos chosen in the picker, as the form hands them over. */
export function chosenPhotos(photos: readonly PickedPhoto[], currentPhotos: readonly PhotoRef[]): FormPhotos {
  return {
    photos: photos.flatMap((photo): FormPhoto[] =>
      photo.kind === 'new'
        ? [{ kind: 'new', photo: photo.photo }]
        : currentPhotos.filter((ref) => photoKey(ref) === photo.key),
    ),
    changed: photos.map((photo) => photo.key).join() !== currentPhotos.map(photoKey).join(),
  }
}

/**
 * The picker's photos. `onPickError` gets the problem with the last pick (undefined when it had none);
 * `settled` waits for photos picked a moment ago and still scaling down, and gives the photos then.
 */
export function useFormPhotos(
  currentPhotos: readonly PhotoRef[],
  sharedFiles: readonly File[] | undefined,
  onPickError: (message: string | undefined) => void,
) {
  const [photos, setPhotos] = useState<readonly PickedPhoto[]>(() =>
    currentPhotos.map((photo, index) => ({
      kind: 'current',
      key: photoKey(photo),
      src: null,
      label: `saved photo ${index + 1}`,
    })),
  )
  const currentSrcs = usePhotoSrcs(currentPhotos)
  // How many picked files are still being scaled down: the picker holds a tile for each.
  const [pendingCount, setPendingCount] = useState(0)
  // Submitting may wait for photos still being prepared: it then reads what they have become.
  const latest = useRef(photos)
  latest.current = photos
  // Each pick still being scaled down, with the photos it adds once done. Kept in a ref, not state: a
  // press reads them at once, whichever render its handler came from.
  const inFlight = useRef(new Set<Promise<readonly PickedPhoto[]>>())

  /** Scales picked files down on the device and adds them after the photos already chosen. */
  function pick(files: readonly File[]) {
    const problem = pickProblem(files)
    onPickError(problem ?? undefined)
    if (problem) return
    setPendingCount((count) => count + files.length)
    const work: Promise<readonly PickedPhoto[]> = preparePhotos(files)
      .then((prepared) => {
        const added = prepared.map((photo): PickedPhoto => ({ kind: 'new', key: newKey(), photo }))
        setPhotos((previous) => [...previous, ...added])
        return added
      })
      .catch((error: unknown) => {
        onPickError(error instanceof PhotoPrepError ? error.message : photoMessages.imageType)
        return []
      })
      .finally(() => {
        setPendingCount((count) => count - files.length)
        inFlight.current.delete(work)
      })
    inFlight.current.add(work)
  }

  /**
   * The photos as they are once every pick still being scaled down is done. What a pick added may not
   * be rendered yet when its work ends (a busy phone renders later): it is counted from the work
   * itself, not from the last render. Waiting a tick for React dropped a just-picked photo under load
   * ('Please choose at least one image' on a form that showed one).
   */
  async function settled(): Promise<readonly PickedPhoto[]> {
    const works = [...inFlight.current]
    if (works.length === 0) return latest.current
    const added = (await Promise.all(works)).flat()
    const shown = latest.current
    return [...shown, ...added.filter((photo) => !shown.includes(photo))]
  }

  // Photos shared to the app arrive with the form, as if picked.
  const sharedPicked = useRef(false)
  useEffect(() => {
    if (sharedPicked.current || !sharedFiles || sharedFiles.length === 0) return
    sharedPicked.current = true
    pick(sharedFiles)
  }, [sharedFiles])

  const shown = photos.map((photo) =>
    photo.kind === 'current' ? { ...photo, src: currentSrcs.get(photo.key) ?? null } : photo,
  )
  return { photos, shown, setPhotos, pick, pendingCount, settled }
}
