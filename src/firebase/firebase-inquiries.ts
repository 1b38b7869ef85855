// InquiriesPort on Firestore: each Quick Inquire message becomes a document in the create-only
// `inquiries` collection (firestore.rules lets nobody read it from the app). Offline it waits in
// Firestore's queue and is sent when the connection returns.
import { collection, doc, serverTimestamp, setDoc } from 'firebase/firestore'
import type { InquiriesPort } from '../shared/backend/backend-ports'
import { inquiryProblems, normalizeInquiry } from '../shared/records/inquiry-record'
import type { FirebaseServices } from './firebase-app'
import { queuedWrite } from './firebase-local-commit'

export function createFirebaseInquiries({ db }: FirebaseServices): InquiriesPort {
  return {
    async send(input) {
      const inquiry = normalizeInquiry(input)
      const problems = inquiryProblems(inquiry)
      // The rules would refuse it later, silently for the sender; refuse it now instead.
      if (problems.length) throw new Error(`Inquiry has invalid fields: ${problems.join(', ')}`)
      const ref = doc(collection(db, 'inquiries'))
      await queuedWrite(ref, setDoc(ref, { ...inquiry, timestamp: serverTimestamp() }), 'Your inquiry')
    },
  }
}
