// Sunbeam's Cloud Functions: the promises the server keeps whatever a browser does
// (docs/functions.md; decisions 0024 and 0025). Each is thin: the logic is in the modules it calls,
// unit-tested against fakes of the two ports (ports.ts).
import { logger } from 'firebase-functions'
import { defineBoolean } from 'firebase-functions/params'
import * as v1 from 'firebase-functions/v1'
import { setGlobalOptions } from 'firebase-functions/v2'
import { onDocumentDeleted } from 'firebase-functions/v2/firestore'
import { HttpsError, onCall } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { onObjectFinalized } from 'firebase-functions/v2/storage'
import { cleanUpDeletedAccount, cleanUpDeletedKid, kidRefOf } from './cleanup'
import { firestoreEnrolment } from './enrolment-firestore'
import { runEnrolmentSchedule } from './enrolment-schedule'
import { callerAddress, type InquiryRefusal, receiveInquiry } from './inquiry'
import { sweepAbandonedPhotos } from './photo-sweep'
import { checkUploadedPhoto } from './photo-upload'
import { REGION, TIME_ZONE } from './region'
import { adminFirestore, inquiryPorts, ports } from './services'

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

/**
 * Nightly, in Uyo: offers past their reply-by date lapse (the child goes back on the waiting list),
 * waiting families are asked 'Still interested?' every 90 days, and those who did not answer within 14
 * days are marked withdrawn (docs/decisions/0031-enrolment-states.md). Safe to run twice.
 */
export const enrolmentSchedule = onSchedule({ schedule: '5 0 * * *', timeZone: TIME_ZONE }, async () => {
  const report = await runEnrolmentSchedule(firestoreEnrolment(adminFirestore()), Date.now())
  logger.info('Enrolment schedule', report)
})

/**
 * Set to true (functions/.env.<project>) once App Check is set up for the site (decision 0021): an
 * inquiry without a verified token is then refused. Off by default, as App Check is a console step.
 */
const requireAppCheck = defineBoolean('INQUIRIES_REQUIRE_APP_CHECK', { default: false })

const refusals: Record<InquiryRefusal, 'resource-exhausted' | 'invalid-argument' | 'permission-denied'> = {
  'too-many': 'resource-exhausted',
  invalid: 'invalid-argument',
  'not-verified': 'permission-denied',
}

/**
 * Quick Inquire: the only way an inquiry is stored (firestore.rules refuse direct creates). App Check's
 * limited-use tokens are consumed, so one token cannot be replayed.
 */
export const submitInquiry = onCall({ consumeAppCheckToken: true }, async (request) => {
  const caller = {
    address: callerAddress(request.rawRequest.headers['x-forwarded-for'], request.rawRequest.ip),
    verified: request.app !== undefined,
  }
  const outcome = await receiveInquiry(request.data, caller, inquiryPorts(), {
    requireAppCheck: requireAppCheck.value(),
    now: Date.now(),
  })
  if (outcome.status === 'refused')
    throw new HttpsError(refusals[outcome.reason], `Inquiry refused: ${outcome.reason}`, outcome)
  return outcome
})
