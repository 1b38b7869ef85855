// ParentRecords on Firestore through the Admin SDK (past firestore.rules).
import type { Firestore, Query } from 'firebase-admin/firestore'
import { documentPathsOf, kidRefOf } from './cleanup'
import type { ParentRecords } from './ports'

/** A child's day (decision 0073): the collections keyed by the child, each a field kidId and userRef. */
const DAY_COLLECTIONS = ['attendance', 'tellTheCentre'] as const
/** And those whose document id is the child's. */
const DAY_DOCUMENTS = ['collectionCodes', 'codeChecks'] as const

/** Deletes every document the query finds (a child's register: about 500 a year), 500 a batch. */
async function deleteAll(db: Firestore, query: Query): Promise<void> {
  const { docs } = await query.select().get()
  for (let i = 0; i < docs.length; i += 500) {
    const batch = db.batch()
    for (const doc of docs.slice(i, i + 500)) batch.delete(doc.ref)
    await batch.commit()
  }
}

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
    async deleteDayRecords(kidId) {
      for (const name of DAY_COLLECTIONS) await deleteAll(db, db.collection(name).where('kidId', '==', kidId))
      await Promise.all(DAY_DOCUMENTS.map((name) => db.doc(`${name}/${kidId}`).delete()))
    },
    async deleteFamilyDayRecords(uid) {
      for (const name of [...DAY_COLLECTIONS, ...DAY_DOCUMENTS])
        await deleteAll(db, db.collection(name).where('userRef', '==', uid))
    },
  }
}
