// What goes when a child or an account is deleted (its records, registration, enrolment file and files,
// and its day: arrivals, collections, 'Tell the centre' messages, collection codes; decision 0073),
// however it was deleted (the app, the console, the
// Admin SDK, a second device whose outbox never ran). The app's own deletion stays the fast path the
// parent sees; these are the guarantee. Each step is safe to repeat: a retried or doubled event finds
// some things already gone and deletes the rest.
import { flatPrefix, folderPrefix, ownPhotoPaths } from './photo-paths'
import type { KidRef, ParentRecords, PhotoBucket } from './ports'

export interface CleanupPorts {
  readonly bucket: PhotoBucket
  readonly records: ParentRecords
}

/** What a deletion removed, for the function's log line. */
export interface CleanupReport {
  readonly photos: readonly string[]
  readonly folders: readonly string[]
  readonly documents: readonly string[]
}

/** The document paths an enrolment file names, whatever its shape (the console writes what it likes). */
export function documentPathsOf(data: unknown): string[] {
  const file = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  return [file.actionPlan, file.immunisation].flatMap((doc) => {
    const path = typeof doc === 'object' && doc !== null ? (doc as { path?: unknown }).path : null
    return typeof path === 'string' ? [path] : []
  })
}

/** The documents of a child's day, as a report names them (the collections are queried by kidId). */
export function dayDocuments(kidId: string): string[] {
  return [
    `attendance/${kidId}_*`,
    `tellTheCentre/* of ${kidId}`,
    `collectionCodes/${kidId}`,
    `codeChecks/${kidId}`,
  ]
}

/**
 * A child record is gone: its registration and its enrolment file go, with the file's documents (the
 * owner's own, never another's), its day (the register's rows included: decision 0073), and its photos,
 * except one another of the same
 * parent's records still names (an edit may keep a photo under a new record; never delete what is shown).
 */
export async function cleanUpDeletedKid(kid: KidRef, ports: CleanupPorts): Promise<CleanupReport> {
  const { bucket, records } = ports
  const paths = ownPhotoPaths(kid.imgUrls, kid.userRef)
  let stillShown = new Set<string>()
  if (paths.length && kid.userRef !== '') {
    const others = (await records.kidsOf(kid.userRef)).filter((other) => other.id !== kid.id)
    stillShown = new Set(others.flatMap((other) => ownPhotoPaths(other.imgUrls, other.userRef)))
  }
  const photos = paths.filter((path) => !stillShown.has(path))
  // The file's documents before the file: a run stopped half-way finds them again through it.
  const papers = ownPhotoPaths(await records.enrolmentDocuments(kid.id), kid.userRef)
  await Promise.all([...photos, ...papers].map((path) => bucket.delete(path)))
  await records.deleteEnrolment(kid.id)
  await records.deleteDayRecords(kid.id)
  await records.deleteRegistration(kid.id)
  return {
    photos: [...photos, ...papers],
    folders: [],
    documents: [`enrolments/${kid.id}`, ...dayDocuments(kid.id), `registrations/${kid.id}`],
  }
}

/**
 * An account is gone: every photo of that uid (their folder, their flat photos of before the folders,
 * and any photo their records name), then their children with the registrations and their days, then
 * every record of a day that names the family, then users/{uid} with everything under it. Storage first: a run stopped half-way leaves records, which name what is left,
 * and the uid alone finds the folder again on the retry.
 */
export async function cleanUpDeletedAccount(uid: string, ports: CleanupPorts): Promise<CleanupReport> {
  const { bucket, records } = ports
  if (uid === '' || uid.includes('/')) throw new Error(`Not a uid: ${JSON.stringify(uid)}`)
  const kids = await records.kidsOf(uid)

  const folder = folderPrefix(uid)
  await bucket.deleteFolder(folder)
  const flat = flatPrefix(uid)
  const flatPhotos = flat === null ? [] : (await bucket.list(flat)).map((photo) => photo.path)
  // A record may still name a flat photo under another spelling (a download address): read it out.
  const named = kids
    .flatMap((kid) => ownPhotoPaths(kid.imgUrls, uid))
    .filter((path) => !path.startsWith(folder))
  const photos = [...new Set([...flatPhotos, ...named])]
  await Promise.all(photos.map((path) => bucket.delete(path)))

  const documents: string[] = []
  for (const kid of kids) {
    // The enrolment file's documents were in the folder, deleted above.
    await records.deleteEnrolment(kid.id)
    await records.deleteDayRecords(kid.id)
    await records.deleteRegistration(kid.id)
    await records.deleteKid(kid.id)
    documents.push(
      `enrolments/${kid.id}`,
      ...dayDocuments(kid.id),
      `registrations/${kid.id}`,
      `kids/${kid.id}`,
    )
  }
  // What names the family without a child record left (a child deleted before this cleanup existed).
  await records.deleteFamilyDayRecords(uid)
  documents.push(`the day's records of ${uid}`)
  await records.deleteUserTree(uid)
  documents.push(`users/${uid}`)
  return { photos, folders: [folder], documents }
}

/** A child record as the trigger hands it over (any shape: the console writes what it likes). */
export function kidRefOf(id: string, data: unknown): KidRef {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  const imgUrls = Array.isArray(record.imgUrls)
    ? record.imgUrls.filter((url): url is string => typeof url === 'string')
    : []
  return { id, userRef: typeof record.userRef === 'string' ? record.userRef : '', imgUrls }
}
