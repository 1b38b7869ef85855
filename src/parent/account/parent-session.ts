// What ends a parent's session on this device, composed from the account, the kids' outbox and the
// backend: signing out (leaving nothing of the parent behind, unless they keep unsent children for their
// next sign-in), 'Download my data' and 'Delete my account' (docs/decisions/0012-download-and-delete-my-data.md).
import { liveQuery } from 'dexie'
import { mergeKids } from '#parent/children/kids-view'
import { enrolmentEntries } from '#parent/offers/my-data-enrolment'
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import type { AuthUser } from '#shared/backend/backend-ports'
import { firstSnapshot } from '#shared/backend/first-snapshot'
import type { PhotoStoragePort } from '#shared/backend/kids-ports'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { siteConfig } from '#shared/config/site-config'
import { keepDeviceDataOnceQueued } from '#shared/device/persistent-storage'
import { clearSharedPhotos } from '#shared/device/shared-photos'
import { storagePathOf } from '#shared/records/kid-photos'
import type { StoredKid } from '#shared/records/kid-record'
import { notify } from '#shared/ui/notify'
import type { AuthSession } from './auth-session'
import { forgetParentPictures } from './parent-picture-screen'
import { type ParentScope, ParentScopes } from './parent-scope'
import type { DataProgress, DeletionResult, SessionActions } from './session-actions'

/** The service worker's photo cache of earlier versions (URL-keyed, so not per parent): never kept. */
const LEGACY_PHOTO_CACHE = 'sunbeam-child-photos'

/** Deletes photos no record uses any more, while the parent can still do it; gives up after `ms`. */
async function deletePhotosQuickly(photos: PhotoStoragePort, paths: readonly string[], ms: number) {
  const attempt = Promise.allSettled(paths.map((path) => photos.delete(path)))
  await Promise.race([attempt, new Promise((resolve) => setTimeout(resolve, ms))])
}

/** Forgets this device's push subscription (server and browser) while the parent is still signed in. */
async function forgetPushQuickly(runtime: OutboxRuntime, user: AuthUser): Promise<void> {
  await runtime.backend.push
    .turnOff(user.uid, 3_000)
    .catch((error: unknown) => console.warn('Notifications stay on for this device', error))
}

/**
 * The tab's parent scopes, following the signed-in state: a parent signed out (here or in another tab,
 * or refused by the server) has their scope disposed, and with it their picture of My Profile.
 */
export function followParentScopes(session: AuthSession, runtime: OutboxRuntime): ParentScopes {
  const scopes = new ParentScopes(runtime, (scope) => scope.onDispose(forgetParentPictures))
  session.subscribe(() => {
    if (session.getState().status === 'signedOut') scopes.end()
  })
  return scopes
}

/**
 * Removes everything of the former parent kept on this device by the app and the backend: their scope
 * first (what the screens followed and kept), then the stores.
 */
async function clearDevice(runtime: OutboxRuntime, scope: { dispose(): void }): Promise<void> {
  scope.dispose()
  // The device's pictures go whether or not a scope was made: a session refused before the parent
  // area made one (the picture painted, the guard not yet run) leaves none behind either.
  forgetParentPictures()
  const results = await Promise.allSettled([
    runtime.backend.device.clear(),
    runtime.copies.clear(),
    clearSharedPhotos(),
    typeof caches === 'undefined' ? Promise.resolve(true) : caches.delete(LEGACY_PHOTO_CACHE),
  ])
  for (const result of results)
    if (result.status === 'rejected')
      console.warn('Some data could not be removed from this device', result.reason)
}

/**
 * Signs the parent out. Sending stops first (in every tab); `keep` keeps their unsent changes for their
 * next sign-in on this device, else they are deleted. Then the backend's and the app's copies of the
 * parent's data on this device are removed: the next parent starts clean.
 */
export async function signOutParent(scope: ParentScope, keep: boolean): Promise<void> {
  const { outbox: runtime, user } = scope
  const orphans = await runtime.endSession(user.uid, keep)
  // This device stops hearing of the parent's notices: the next parent on it must not see them.
  await Promise.all([
    deletePhotosQuickly(runtime.backend.photos, orphans, 3_000),
    forgetPushQuickly(runtime, user),
  ])
  await runtime.backend.auth.signOut()
  await clearDevice(runtime, scope)
}

/** What a parent whose remembered session the server refused is told (docs/decisions/0016). */
export const sessionEndedMessages = {
  title: 'You have been signed out',
  description:
    'Your account could not be confirmed: it may have been deleted or disabled, or its password changed. Please sign in again.',
  kept: (count: number) =>
    `${count === 1 ? '1 change to your children waits' : `${count} changes to your children wait`} on this device and will be sent after you sign in again.`,
} as const

/**
 * A remembered parent's session was refused by the server (the account was deleted or disabled, or its
 * password changed, elsewhere). Nothing was sent for them meanwhile (the sender follows Auth's
 * confirmation). The device is cleared as at sign-out, except that unsent changes are kept for their
 * next sign-in: nobody chose to delete them, and the parent may simply sign in with a new password.
 */
export async function endRefusedSession(
  runtime: OutboxRuntime,
  scopes: ParentScopes,
  user: AuthUser,
): Promise<number> {
  const kept = await runtime.unsentCount(user.uid).catch(() => 0)
  await runtime.endSession(user.uid, true)
  await clearDevice(runtime, { dispose: () => scopes.end() })
  return kept
}

/**
 * Ends a remembered session the server refuses, as soon as the signed-in state says so: the device is
 * cleared, the parent is told, then `onEnded` (the router runs the guard again: to the sign-in screen).
 */
export function watchRefusedSession(
  session: AuthSession,
  runtime: OutboxRuntime,
  scopes: ParentScopes,
  onEnded: () => void,
) {
  let handled: string | null = null
  return session.subscribe(() => {
    const state = session.getState()
    if (state.status !== 'signedOut' || !state.ended || handled === state.ended.uid) return
    handled = state.ended.uid
    void endRefusedSession(runtime, scopes, state.ended).then((kept) => {
      const { title, description, kept: keptLine } = sessionEndedMessages
      void notify('error', title, {
        description: kept > 0 ? `${description} ${keptLine(kept)}` : description,
        duration: 15_000,
      })
      onEnded()
    })
  })
}

/**
 * Once the outbox holds a child (a submission waiting to be sent, which only this device has), asks the
 * browser to keep the site's data under storage pressure (docs/decisions/0022-keep-the-device-data.md).
 */
export function keepDeviceDataWhenQueued(runtime: OutboxRuntime): () => void {
  return keepDeviceDataOnceQueued((listener) => {
    const subscription = liveQuery(() => runtime.outbox.pendingCount()).subscribe({
      next: listener,
      error: (error: unknown) => console.warn('The outbox could not be counted', error),
    })
    return () => subscription.unsubscribe()
  })
}

/** The children this device knows of (saved ones from Firestore's cache, and those still waiting). */
async function knownChildren(runtime: OutboxRuntime, userId: string) {
  const stored = await firstSnapshot<readonly StoredKid[]>(
    (next, fail) => runtime.backend.kids.watchKidsOf(userId, next, fail),
    5_000,
    [],
  )
  return mergeKids(stored, await runtime.outbox.list(userId))
}

/**
 * 'Download my data': one zip file built on this device from what the parent can read: the account's
 * details, every child (saved, or still waiting here) as JSON, every photo, and each enrolment file.
 */
export async function buildMyDataZip(
  scope: ParentScope,
  onProgress: (progress: DataProgress) => void,
): Promise<Blob> {
  const { outbox: runtime, user } = scope
  const [{ zipSync, strToU8 }, { photoBlob }] = await Promise.all([
    import('fflate'),
    import('#parent/children/kid-photo'),
  ])
  const [children, notices] = await Promise.all([
    knownChildren(runtime, user.uid),
    firstSnapshot<NoticesSeen | null>(
      (next, fail) => runtime.backend.notices.watch(user.uid, next, fail),
      5_000,
      null,
    ),
  ])
  const total = children.reduce((sum, kid) => sum + kid.photos.length, 0)
  let done = 0
  onProgress({ done, total })
  const files: Record<string, Uint8Array> = {}
  const missing: string[] = []
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`)
  files['account.json'] = json({ uid: user.uid, name: user.displayName, email: user.email })
  files['notices.json'] = json(
    (notices?.notices ?? []).map((notice) => ({
      child: notice.kidName,
      childId: notice.kidId,
      text: notice.text,
      at: notice.createdAt === null ? null : new Date(notice.createdAt).toISOString(),
      readAt: notice.readAt === null ? null : new Date(notice.readAt).toISOString(),
    })),
  )
  for (const [index, kid] of children.entries()) {
    const folder = `children/${String(index + 1).padStart(2, '0')}-${kid.fields.kidName.replace(/[^A-Za-z0-9]+/g, '-')}`
    const photoNames: string[] = []
    for (const [at, photo] of kid.photos.entries()) {
      const name = `photo-${at + 1}${at === 0 ? '-cover' : ''}.jpg`
      const blob = await photoBlob(photo, runtime, runtime.backend).catch(() => null)
      if (blob) {
        files[`${folder}/${name}`] = new Uint8Array(await blob.arrayBuffer())
        photoNames.push(name)
      } else missing.push(`${folder}/${name}`)
      done += 1
      onProgress({ done, total })
    }
    files[`${folder}/child.json`] = json({
      id: kid.id,
      ...kid.fields,
      photos: photoNames,
      status:
        kid.status === 'saved'
          ? 'saved'
          : kid.status === 'failed'
            ? 'not uploaded'
            : 'waiting on this device',
      savedAt: kid.stored?.savedAt ? new Date(kid.stored.savedAt).toISOString() : null,
    })
    const enrolment = await enrolmentEntries(runtime, kid.id, user.uid, folder, json)
    Object.assign(files, enrolment.files)
    missing.push(...enrolment.missing)
  }
  files['README.txt'] = strToU8(
    [
      `Your data at ${siteConfig.name}, as this device could read it on ${new Date().toISOString()}.`,
      "account.json: your account. notices.json: the centre's notices to you. children/: each child, its details (child.json), its photos, and its enrolment file (enrolment.json, with its documents) once you have filled it in.",
      missing.length > 0
        ? `These photos or documents could not be read (no connection?): ${missing.join(', ')}. Download again when you are online.`
        : 'Every photo is included. So is every document of an enrolment file.',
      '',
    ].join('\n'),
  )
  return new Blob([zipSync(files, { level: 0 })], { type: 'application/zip' })
}

/**
 * 'Delete my account', after the password was checked: every photo, every child record and the user
 * record on the server, the copies on this device, then the sign-in account. Nothing queued here is sent
 * afterwards. If the connection is lost half-way, it says exactly what is left, and the account stays so
 * the parent can run it again: it then deletes what remains.
 */
export async function deleteAccountData(
  scope: ParentScope,
  onProgress: (progress: DataProgress) => void,
): Promise<DeletionResult> {
  const { outbox: runtime, user, backend } = scope
  // What this device knows of (a child queued here may have photos uploaded but no record yet).
  const known = await knownChildren(runtime, user.uid)
  const orphans = await runtime.endSession(user.uid, false)
  // Their notices go with the account on the server (the function accountDeleted); this device stops
  // hearing of them now.
  await forgetPushQuickly(runtime, user)
  // Firestore's queue goes first: nothing waiting in it may re-create a record after the deletion. The
  // scope's listeners go before it.
  scope.dispose()
  await backend.device
    .clear()
    .catch((error: unknown) => console.warn('Firestore data stays on the device', error))
  let serverKids: StoredKid[]
  let folderPhotos: string[]
  try {
    // The parent's photo folder too: a photo of another device's unsent child, or one whose clean-up
    // failed, is in no record and in no outbox here (docs/decisions/0020-photo-folders.md).
    ;[serverKids, folderPhotos] = await Promise.all([
      backend.account.listKids(user.uid),
      backend.photos.listPhotos(user.uid),
    ])
  } catch {
    return {
      deleted: false,
      left: {
        photos: known.reduce((n, kid) => n + kid.photos.length, 0),
        children: known.length,
        account: true,
      },
    }
  }
  const paths = new Set<string>([...orphans, ...folderPhotos])
  for (const kid of known) for (const photo of kid.photos) if (photo.kind === 'stored') paths.add(photo.path)
  for (const kid of serverKids)
    for (const photo of kid.imgUrls) {
      const path = storagePathOf(photo)
      if (path) paths.add(path)
    }
  const total = paths.size + serverKids.length + 1
  let done = 0
  onProgress({ done, total })
  const step = async (work: () => Promise<void>) => {
    try {
      await work()
      return true
    } catch {
      return false
    } finally {
      done += 1
      onProgress({ done, total })
    }
  }
  // Photos first: the records name them, so a run that stops here finds them again next time.
  const photosLeft = (
    await Promise.all([...paths].map((path) => step(() => backend.photos.delete(path))))
  ).filter((ok) => !ok).length
  if (photosLeft > 0)
    return { deleted: false, left: { photos: photosLeft, children: serverKids.length, account: true } }
  const childrenLeft = (
    await Promise.all(serverKids.map((kid) => step(() => backend.account.deleteKid(kid.id))))
  ).filter((ok) => !ok).length
  if (childrenLeft > 0) return { deleted: false, left: { photos: 0, children: childrenLeft, account: true } }
  if (!(await step(() => backend.account.deleteUserRecord(user.uid))))
    return { deleted: false, left: { photos: 0, children: 0, account: true } }
  await clearDevice(runtime, scope)
  await backend.auth.deleteAccount()
  return { deleted: true }
}

/** The profile's session actions for a signed-in parent. */
export function sessionActions(scope: ParentScope): SessionActions {
  const { outbox: runtime, user } = scope
  return {
    unsentCount: () => runtime.unsentCount(user.uid),
    watchUnsent: (listener) => {
      const subscription = liveQuery(() => runtime.unsentCount(user.uid)).subscribe({
        next: listener,
        error: (error: unknown) => console.warn('The outbox could not be counted', error),
      })
      return () => subscription.unsubscribe()
    },
    signOut: (keep) => signOutParent(scope, keep),
    downloadData: (onProgress) => buildMyDataZip(scope, onProgress),
    confirmPassword: (password) => scope.backend.auth.confirmPassword(password),
    deleteAccount: (onProgress) => deleteAccountData(scope, onProgress),
  }
}
