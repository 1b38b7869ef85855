// Sunbeam's Cloud Functions: the promises the server keeps whatever a browser does
// (docs/functions.md; decisions 0024 and 0025). Each is thin: the logic is in the modules it calls,
// unit-tested against fakes of the two ports (ports.ts).
import { logger } from 'firebase-functions'
import { defineBoolean, defineInt, defineString } from 'firebase-functions/params'
import * as v1 from 'firebase-functions/v1'
import { setGlobalOptions } from 'firebase-functions/v2'
import { onDocumentCreated, onDocumentDeleted, onDocumentWritten } from 'firebase-functions/v2/firestore'
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { onObjectFinalized, onObjectMetadataUpdated } from 'firebase-functions/v2/storage'
import {
  type Announcement,
  announceToCentre,
  inquirySummary,
  registrationSummary,
  sendCentreDigest,
} from './centre-mail'
import { cleanUpDeletedAccount, cleanUpDeletedKid, kidRefOf } from './cleanup'
import { noticeOnAttendance } from './day-notices'
import { enrolmentCleaning } from './enrolment-clean'
import { firestoreEnrolment } from './enrolment-firestore'
import { runEnrolmentSchedule } from './enrolment-schedule'
import { callerAddress, INQUIRY_HOURLY_CEILING, type InquiryRefusal, receiveInquiry } from './inquiry'
import { boundKidsOfParent } from './kid-bound'
import type { CentreItem } from './mail'
import { declaredSecrets } from './mail-config'
import { runNotSeenCheck } from './not-seen'
import { firestoreNotSeen } from './not-seen-firestore'
import { unsubscribeParent } from './notice-firestore'
import { noticeOnDecision, pruneDevices } from './notices'
import { sweepAbandonedPhotos } from './photo-sweep'
import { checkUploadedPhoto, keepPrivate } from './photo-upload'
import { REGION, TIME_ZONE } from './region'
import { runRegisterRetention } from './register-retention'
import { firestoreRegisterRetention } from './register-retention-firestore'
import { runRetention } from './retention'
import { firestoreRetention } from './retention-firestore'
import { adminFirestore, centreMailPorts, inquiryPorts, noticePorts, ports } from './services'

setGlobalOptions({ region: REGION, maxInstances: 10 })

/**
 * A child deleted, however: its photos, registration, enrolment file and day (attendance, 'Tell the
 * centre', collection codes) go. Retried on failure (safe to run twice).
 */
export const kidDeleted = onDocumentDeleted({ document: 'kids/{kidId}', retry: true }, async (event) => {
  const kid = kidRefOf(event.params.kidId, event.data?.data())
  const report = await cleanUpDeletedKid(kid, ports())
  logger.info('Child deleted: its photos, records and day removed', { kidId: kid.id, ...report })
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
      contentType: object.contentType ?? null,
    },
    ports(object.bucket),
  )
  logger.info('Photo uploaded', { path: object.name, outcome })
})

/**
 * A photo's metadata changed (issue 50): a download token set again (storage.rules refuse it from the
 * app; the console or a token made on a read could) is removed again, as is a public Cache-Control.
 */
export const photoMetadataChanged = onObjectMetadataUpdated({ retry: true }, async (event) => {
  const object = event.data
  const outcome = await keepPrivate(
    {
      path: object.name,
      hasDownloadToken: Boolean(object.metadata?.firebaseStorageDownloadTokens),
      cacheControl: object.cacheControl ?? null,
    },
    ports(object.bucket).bucket,
  )
  logger.info('Photo metadata changed', { path: object.name, outcome })
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
/**
 * The site's App Check (reCAPTCHA Enterprise) site key, the same as the build's
 * VITE_FIREBASE_APPCHECK_SITE_KEY (issue 50): where one is configured, App Check is enforced for
 * inquiries whatever INQUIRIES_REQUIRE_APP_CHECK says (the site sends tokens once it has a key).
 */
const appCheckSiteKey = defineString('APPCHECK_SITE_KEY', { default: '' })
/** All inquiries an hour, from everyone (issue 50; staff read the count in inquiryQuota/all). */
const inquiryCeiling = defineInt('INQUIRY_HOURLY_CEILING', { default: INQUIRY_HOURLY_CEILING })

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
    requireAppCheck: requireAppCheck.value() || appCheckSiteKey.value().trim() !== '',
    now: Date.now(),
    ceiling: inquiryCeiling.value(),
  })
  if (outcome.status === 'refused')
    throw new HttpsError(refusals[outcome.reason], `Inquiry refused: ${outcome.reason}`, outcome)
  return outcome
})

/**
 * The centre decided about a child (registrations/{kidId} written): a notice for the parent, delivered
 * by push or e-mail (notices.ts). Retried; the notice's id comes from the decision, so a retry writes
 * and sends it once.
 */
export const registrationNotice = onDocumentWritten(
  { document: 'registrations/{kidId}', retry: true, secrets: declaredSecrets },
  async (event) => {
    const outcome = await noticeOnDecision(
      event.params.kidId,
      event.data?.before.data(),
      event.data?.after.data(),
      noticePorts(),
      Date.parse(event.time),
    )
    if (outcome.status === 'delivered' && outcome.mailNotSetUp)
      logger.warn(NO_EMAIL, { notice: 'not e-mailed to the parent', kidId: event.params.kidId, ...outcome })
    else logger.info('Registration notice', { kidId: event.params.kidId, ...outcome })
  },
)

/** The one line a centre without e-mail gets per e-mail not sent (no stack trace, nothing retried). */
const NO_EMAIL = 'E-mail is not set up (SMTP_URL is not set): nothing was e-mailed (docs/functions.md)'

function logCentreMail(item: CentreItem, outcome: Announcement): void {
  if (outcome === 'no e-mail') logger.warn(NO_EMAIL, { centreEmail: 'not sent', ...item })
  else logger.info('Centre e-mail', { ...item, outcome })
}

/**
 * A child registered (kids/{kidId} created): past the parent's MAX_KIDS_PER_PARENT the record is deleted
 * and the parent told (kid-bound.ts, issue 50); otherwise the centre hears of it by e-mail (centre-mail.ts).
 */
export const registrationMail = onDocumentCreated(
  { document: 'kids/{kidId}', retry: true, secrets: declaredSecrets },
  async (event) => {
    const data = event.data?.data()
    const kid = kidRefOf(event.params.kidId, data)
    const bound = await boundKidsOfParent(
      { ...kid, kidName: typeof data?.kidName === 'string' ? data.kidName : '' },
      { records: ports().records, notices: noticePorts().store },
    )
    if (bound === 'over the bound: deleted') {
      logger.info('Child over the bound: deleted, the parent told', { kidId: kid.id, uid: kid.userRef })
      return
    }
    const item = {
      kind: 'registration',
      id: event.params.kidId,
      summary: registrationSummary(event.data?.data()),
    } as const
    const outcome = await announceToCentre(item, centreMailPorts(), Date.now())
    logCentreMail(item, outcome)
  },
)

/** An inquiry stored (by submitInquiry): the centre hears of it by e-mail. */
export const inquiryMail = onDocumentCreated(
  { document: 'inquiries/{inquiryId}', retry: true, secrets: declaredSecrets },
  async (event) => {
    const item = {
      kind: 'inquiry',
      id: event.params.inquiryId,
      summary: inquirySummary(event.data?.data()),
    } as const
    const outcome = await announceToCentre(item, centreMailPorts(), Date.now())
    logCentreMail(item, outcome)
  },
)

/**
 * An arrival or a collection stored (attendance/{eventId} created by staff): the parent's notice, by push
 * and never by e-mail (day-notices.ts; decision 0073). Retried; the notice's id is the event's.
 */
export const attendanceNotice = onDocumentCreated(
  // The secrets for push's VAPID key (nothing of this is e-mailed).
  { document: 'attendance/{eventId}', retry: true, secrets: declaredSecrets },
  async (event) => {
    const outcome = await noticeOnAttendance(
      event.params.eventId,
      event.data?.data(),
      noticePorts(),
      Date.parse(event.time),
    )
    logger.info('Attendance notice', { eventId: event.params.eventId, ...outcome })
  },
)

/**
 * 'Not here yet', on weekdays (the centre opens Monday to Friday), every 10 minutes from 06:00 to 13:50
 * in Uyo: from the centre's time (centre/today, 10:00 by default), once a day, the parents of children
 * not arrived and not reported away are asked (not-seen.ts; decision 0073). Safe to run twice.
 */
export const notSeenCheck = onSchedule(
  { schedule: '*/10 6-13 * * 1-5', timeZone: TIME_ZONE, secrets: declaredSecrets },
  async () => {
    const report = await runNotSeenCheck(firestoreNotSeen(adminFirestore()), noticePorts(), Date.now())
    if (report.status !== 'not yet' && report.status !== 'checked already')
      logger.info('Not here yet', report)
  },
)

/** A push device stored: the parent keeps their newest MAX_PUSH_DEVICES_PER_PARENT (notices.ts). */
export const deviceAdded = onDocumentCreated(
  { document: 'users/{uid}/devices/{deviceId}', retry: true },
  async (event) => {
    const ports = noticePorts()
    const removed = await pruneDevices(event.params.uid, ports.store, ports.pushStandInHosts ?? [])
    if (removed) logger.info('Push devices over the bound removed', { uid: event.params.uid, removed })
  },
)

/**
 * An enrolment file written: its texts and document names are cleaned where stored (enrolment-clean.ts,
 * issue 50). Only changed fields are written; that write finds nothing to clean and stops.
 */
export const enrolmentCleaned = onDocumentWritten(
  { document: 'enrolments/{kidId}', retry: true },
  async (event) => {
    const after = event.data?.after
    if (!after?.exists) return
    const changes = enrolmentCleaning(after.data())
    if (Object.keys(changes).length === 0) return
    // Only if the file is still the one read (a parent's save meanwhile is cleaned by its own event).
    await after.ref.update(changes, { lastUpdateTime: after.updateTime })
    logger.info('Enrolment file cleaned', { kidId: event.params.kidId, fields: Object.keys(changes) })
  },
)

/**
 * Nightly, in Uyo: a child whose place ended is deleted after the centre's period, the parent told 30
 * days before (retention.ts; docs/decisions/0036-retention.md); and the register's day records older than
 * the centre's months (register-retention.ts; decision 0078). Safe to run twice.
 */
export const retention = onSchedule({ schedule: '15 1 * * *', timeZone: TIME_ZONE }, async () => {
  const report = await runRetention(firestoreRetention(adminFirestore()), Date.now())
  logger.info('Retention', report)
  // The register's period (register-retention.ts; decision 0078): day records older than it go.
  const register = await runRegisterRetention(firestoreRegisterRetention(adminFirestore()), Date.now())
  logger.info('Register retention', register)
})

/** Every ten minutes: what arrived past the fifth within ten minutes goes in one digest. */
export const centreDigest = onSchedule(
  { schedule: 'every 10 minutes', secrets: declaredSecrets },
  async () => {
    const sent = await sendCentreDigest(centreMailPorts())
    logger.info('Centre digest', { items: sent })
  },
)

const unsubscribePage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1>${title}</h1>${body}</body></html>`

/**
 * The parents' e-mails' unsubscribe link. GET shows a button (a link checker opening the address
 * unsubscribes nobody); POST, from that button or a mail client's one-click (RFC 8058), stops them.
 */
export const unsubscribe = onRequest(async (request, response) => {
  const uid = String(request.query.u ?? '')
  const token = String(request.query.t ?? '')
  response.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
  if (request.method === 'POST') {
    const done = await unsubscribeParent(adminFirestore(), uid, token)
    response
      .status(done ? 200 : 400)
      .send(
        done
          ? unsubscribePage(
              'You will get no more e-mails',
              '<p>Notices still show in the app, under My Profile.</p>',
            )
          : unsubscribePage(
              'This link does not work',
              '<p>It may be incomplete: open it from the e-mail again.</p>',
            ),
      )
    return
  }
  const action = `?${new URLSearchParams({ u: uid, t: token })}`
  response.send(
    unsubscribePage(
      'Stop e-mails of notices?',
      `<p>You will still see the centre's notices in the app.</p><form method="post" action="${action.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"><button type="submit">Stop these e-mails</button></form>`,
    ),
  )
})
