// ParentRecords on Firestore through the Admin SDK (past firestore.rules).
import type { Firestore } from 'firebase-admin/firestore'
import { documentPathsOf, kidRefOf } from './cleanup'
import type { ParentRecords } from './ports'

export function firestoreRecords(db: Firestore): ParentRecords {
  return {
    async kidsOf(uid) {
      const snapshot = await db.collection('kids').where('userRef', '==', uid).get()
      return snapshot.docs.map((doc) => ({
        ...kidRefOf(doc.id, doc.data()),
        createdAt: doc.createTime.toMillis(),
      }))
    },
    async photosInUse() {
      const snapshot = await db.collection('kids').select('imgUrls').get()
      const files = await db.collection('enrolments').select('actionPlan', 'immunisation').get()
      return new Set([
        ...snapshot.docs.flatMap((doc) => kidRefOf(doc.id, doc.data()).imgUrls),
        ...files.docs.flatMap((doc) => documentPathsOf(doc.data())),
      ])
    },
    async enrolmentDocuments(kidId) {
      const file = await db.doc(`enrolments/${kidId}`).get()
      return documentPathsOf(file.data())
    },
    async deleteEnrolment(kidId) {
      await db.doc(`enrolments/${kidId}`).delete()
    },
    async deleteKid(kidId) {
      await db.doc(`kids/${kidId}`).delete()
    },
    async deleteRegistration(kidId) {
      // With the parent's replies under it (registrations/{kidId}/replies, decision 0031).
      await db.recursiveDelete(db.doc(`registrations/${kidId}`))
    },
    async deleteUserTree(uid) {
      // Subcollections too: what later features keep under a parent (notices, devices) goes with them.
      await db.recursiveDelete(db.doc(`users/${uid}`))
    },
  }
}
