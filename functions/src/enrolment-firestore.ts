// EnrolmentRecords on Firestore through the Admin SDK (past firestore.rules): registrations/{kidId} and
// their replies/{questionId}. Used by the scheduled function, and by the browser test, which runs the
// same schedule against the emulator (the Functions emulator does not fire schedules).
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore'
import { openQuestion, parseRegistration, type Registration } from '#shared/records/registration-record'
import type { Change, EnrolmentRecords } from './enrolment-schedule'

function millis(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null
}

function parse(data: Record<string, unknown> | undefined): Registration | null {
  if (!data) return null
  return parseRegistration(data, millis(data.decidedAt), millis(data.decidedOn), millis(data.askedAt))
}

/** A change's fields as Firestore writes them: null removes a field, times are Timestamps. */
function toWrite(change: Change): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(change.fields).map(([key, value]) => [
      key,
      value === null && key !== 'startDate'
        ? FieldValue.delete()
        : (key === 'decidedAt' || key === 'askedAt') && typeof value === 'number'
          ? Timestamp.fromMillis(value)
          : value,
    ]),
  )
}

export function firestoreEnrolment(db: Firestore): EnrolmentRecords {
  const replies = (kidId: string) => db.collection(`registrations/${kidId}/replies`)
  return {
    async open() {
      const snapshot = await db
        .collection('registrations')
        .where('state', 'in', ['offered', 'waitlisted'])
        .get()
      return snapshot.docs.flatMap((doc) => {
        const registration = parse(doc.data())
        return registration ? [{ kidId: doc.id, registration }] : []
      })
    },
    async hasReply(kidId, questionId) {
      return (await replies(kidId).doc(questionId).get()).exists
    },
    apply(kidId, plan) {
      return db.runTransaction(async (transaction) => {
        const ref = db.doc(`registrations/${kidId}`)
        const current = parse((await transaction.get(ref)).data())
        if (!current) return null
        const question = openQuestion(current)
        const answered = question ? (await transaction.get(replies(kidId).doc(question))).exists : false
        const change = plan(current, (id) => id === question && answered)
        if (change) transaction.update(ref, toWrite(change))
        return change
      })
    },
  }
}
