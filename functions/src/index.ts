// Sunbeam's Cloud Functions: the promises the server keeps whatever a browser does
// (docs/functions.md; decisions 0024 and 0025). Each is thin: the logic is in the modules it calls,
// unit-tested against fakes of the two ports (ports.ts).
import { logger } from 'firebase-functions'
import * as v1 from 'firebase-functions/v1'
import { setGlobalOptions } from 'firebase-functions/v2'
import { onDocumentDeleted } from 'firebase-functions/v2/firestore'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { onObjectFinalized } from 'firebase-functions/v2/storage'
import { cleanUpDeletedAccount, cleanUpDeletedKid, kidRefOf } from './cleanup'
import { sweepAbandonedPhotos } from './photo-sweep'
import { checkUploadedPhoto } from './photo-upload'
import { REGION, TIME_ZONE } from './region'
import { ports } from './services'

setGlobalOptions({ region: REGION, maxInstances: 10 })

/** A child deleted, however: its photos and registration go. Retried on failure (safe to run twice). */
export const kidDeleted = onDocumentDeleted({ document: 'kids/{kidId}', retry: true }, async (event) => {
  const kid = kidRefOf(event.params.kidId, event.data?.data())
  const report = await cleanUpDeletedKid(kid, ports())
  logger.info('Child deleted: its photos and registration removed', { kidId: kid.id, ...report })
})

/**
 * An account deleted, however (the app, the console, the Admin SDK): everything of that uid goes.
 * Auth's delete event exists only in the v1 API (v2 has blocking functions, none after a delete).
 */
export const accountDeleted = v1
  .region(REGION)
  .runWith({ failurePolicy: true })
  .auth.user()
  .onDelete(async (user) => {
    const report = await cleanUpDeletedAccount(user.uid, ports())
    logger.info('Account deleted: everything of the parent removed', { uid: user.uid, ...report })
  })

/** Every upload: private, no download token, within the parent's bound. */
export const photoUploaded = onObjectFinalized({ retry: true }, async (event) => {
  const object = event.data
  const outcome = await checkUploadedPhoto(
    {
      path: object.name,
      hasDownloadToken: Boolean(object.metadata?.firebaseStorageDownloadTokens),
      cacheControl: object.cacheControl ?? null,
    },
    ports(object.bucket),
  )
  logger.info('Photo uploaded', { path: object.name, outcome })
})

/** Daily, at night in Uyo: photos no record names, older than a day, are deleted. */
export const sweepPhotos = onSchedule({ schedule: '30 3 * * *', timeZone: TIME_ZONE }, async () => {
  const deleted = await sweepAbandonedPhotos(ports(), Date.now())
  logger.info('Photo sweep', { deleted: deleted.length, paths: deleted })
})
