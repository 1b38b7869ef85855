// The Admin SDK and the ports on it, made once per instance. On the emulators firebase-tools sets the
// project and the emulators' hosts (FIRESTORE_EMULATOR_HOST and the others) for the Admin SDK. Where no
// Storage emulator runs, SUNBEAM_STORAGE_LOG names a file, and the bucket is the logged stand-in
// (logged-bucket.ts), which a browser test reads.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { getStorage } from 'firebase-admin/storage'
import { adminBucket } from './admin-bucket'
import type { CleanupPorts } from './cleanup'
import { firestoreRecords } from './firestore-records'
import type { InquiryQuota, InquiryStore } from './inquiry'
import { firestoreInquiryQuota, firestoreInquiryStore } from './inquiry-firestore'
import { loggedBucket } from './logged-bucket'

function app() {
  return getApps()[0] ?? initializeApp()
}

/** The ports for the default bucket, or `bucketName` (a Storage event names its own). */
export function ports(bucketName?: string): CleanupPorts {
  const log = process.env.SUNBEAM_STORAGE_LOG
  const bucket = log ? loggedBucket(log) : adminBucket(getStorage(app()).bucket(bucketName))
  return { bucket, records: firestoreRecords(getFirestore(app())) }
}

export function inquiryPorts(): { quota: InquiryQuota; store: InquiryStore } {
  const db = getFirestore(app())
  return { quota: firestoreInquiryQuota(db), store: firestoreInquiryStore(db) }
}

/** The Admin SDK's Firestore (the enrolment schedule). */
export function adminFirestore() {
  return getFirestore(app())
}
