// InquiriesPort on Firestore: each Quick Inquire message becomes a document in the `inquiries` collection,
// create-only for visitors (firestore.rules lets only staff read it, at /centre/inquiries). Offline it
// waits in Firestore's queue and is sent when the connection returns. A message whose honeypot field is filled
// in came from a bot: it is dropped here, answered like any other so the bot learns nothing.
import { collection, doc, serverTimestamp, setDoc } from 'firebase/firestore'
import type { InquiriesPort } from '#shared/backend/backend-ports'
import { inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'
import type { FirebaseServices } from './firebase-app'
import { queuedWrite } from './firebase-local-commit'

export function createFirebaseInquiries(services: FirebaseServices): InquiriesPort {
  return {
    async send(submission) {
      // A bot's message is answered as if the server had it, so the bot learns nothing.
      if (submission.website.trim() !== '') return { sent: Promise.resolve() }
      const inquiry = normalizeInquiry(submission)
      const problems = inquiryProblems(inquiry)
      // The rules would refuse it later, silently for the sender; refuse it now instead.
      if (problems.length) throw new Error(`Inquiry has invalid fields: ${problems.join(', ')}`)
      const ref = doc(collection(await services.db(), 'inquiries'))
      return queuedWrite(ref, setDoc(ref, { ...inquiry, timestamp: serverTimestamp() }), 'Your inquiry')
    },
  }
}
