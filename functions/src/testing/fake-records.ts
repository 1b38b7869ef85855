// In-memory Firestore documents for the unit tests: kids, registrations, enrolment files and users by path.
import type { KidRef, ParentRecords } from '../ports'

export interface FakeRecords extends ParentRecords {
  /** Document paths that exist ('kids/k1', 'users/u1', 'users/u1/notices/n1'), with kids' data apart. */
  readonly documents: Set<string>
  readonly kids: Map<string, KidRef>
  addKid(kid: KidRef, options?: { registration?: boolean }): void
  /** enrolments/{kidId}, naming these documents. */
  addEnrolment(kidId: string, documentPaths: readonly string[]): void
}

export function fakeRecords(): FakeRecords {
  const documents = new Set<string>()
  const kids = new Map<string, KidRef>()
  const enrolments = new Map<string, readonly string[]>()
  return {
    documents,
    kids,
    addKid(kid, { registration = true } = {}) {
      kids.set(kid.id, kid)
      documents.add(`kids/${kid.id}`)
      if (registration) documents.add(`registrations/${kid.id}`)
    },
    async kidsOf(uid) {
      return [...kids.values()].filter((kid) => kid.userRef === uid)
    },
    addEnrolment(kidId, documentPaths) {
      enrolments.set(kidId, documentPaths)
      documents.add(`enrolments/${kidId}`)
    },
    async photosInUse() {
      return new Set([
        ...[...kids.values()].flatMap((kid) => kid.imgUrls),
        ...[...enrolments.values()].flat(),
      ])
    },
    async enrolmentDocuments(kidId) {
      return [...(enrolments.get(kidId) ?? [])]
    },
    async deleteEnrolment(kidId) {
      enrolments.delete(kidId)
      documents.delete(`enrolments/${kidId}`)
    },
    async deleteKid(kidId) {
      kids.delete(kidId)
      documents.delete(`kids/${kidId}`)
    },
    async deleteRegistration(kidId) {
      documents.delete(`registrations/${kidId}`)
    },
    async deleteUserTree(uid) {
      for (const path of [...documents])
        if (path === `users/${uid}` || path.startsWith(`users/${uid}/`)) documents.delete(path)
    },
  }
}
