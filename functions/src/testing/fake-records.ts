// In-memory Firestore documents for the unit tests: kids, registrations, enrolment files, users and a
// child's day (attendance, tellTheCentre, collectionCodes, codeChecks) by path.
import type { KidRef, ParentRecords } from '../ports'

export interface FakeRecords extends ParentRecords {
  /** Document paths that exist ('kids/k1', 'users/u1', 'users/u1/notices/n1'), with kids' data apart. */
  readonly documents: Set<string>
  readonly kids: Map<string, KidRef>
  addKid(kid: KidRef, options?: { registration?: boolean }): void
  /** enrolments/{kidId}, naming these documents. */
  addEnrolment(kidId: string, documentPaths: readonly string[]): void
  /**
   * A child's day as the app writes it: an arrival and a collection on `day`, a 'Tell the centre'
   * message (`messageId`), the codes and their checks; each names the child and the family.
   */
  addDay(kidId: string, userRef: string, options?: { day?: string; messageId?: string }): void
}

export function fakeRecords(): FakeRecords {
  const documents = new Set<string>()
  const kids = new Map<string, KidRef>()
  const enrolments = new Map<string, readonly string[]>()
  /** Path → the child and family a day's record names (queried by either, as Firestore does). */
  const dayRecords = new Map<string, { kidId: string; userRef: string }>()
  const dropDay = (match: (names: { kidId: string; userRef: string }) => boolean) => {
    for (const [path, names] of [...dayRecords])
      if (match(names)) {
        dayRecords.delete(path)
        documents.delete(path)
      }
  }
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
    addDay(kidId, userRef, { day = '2026-12-07', messageId = `message-${kidId}` } = {}) {
      for (const path of [
        `attendance/${kidId}_${day}_arrival`,
        `attendance/${kidId}_${day}_collection`,
        `tellTheCentre/${messageId}`,
        `collectionCodes/${kidId}`,
        `codeChecks/${kidId}`,
      ]) {
        dayRecords.set(path, { kidId, userRef })
        documents.add(path)
      }
    },
    async deleteDayRecords(kidId) {
      dropDay((names) => names.kidId === kidId)
    },
    async deleteFamilyDayRecords(uid) {
      dropDay((names) => names.userRef === uid)
    },
    async deleteUserTree(uid) {
      for (const path of [...documents])
        if (path === `users/${uid}` || path.startsWith(`users/${uid}/`)) documents.delete(path)
    },
  }
}
