// InquiriesPort through the callable function submitInquiry (decision 0024): the server checks the
// fields, bounds each address and browser to 5 an hour, and stores the inquiry; firestore.rules refuse
// a direct write. The adapter makes one attempt; keeping the message on the device and sending it again
// is the outbox's (src/marketing/inquiry-kind.ts, decision 0067). firebase/functions loads only when a
// message is sent.
import type { InquiriesPort } from '#shared/backend/backend-ports'
import type { FirebaseServices } from './firebase-app'

export function createFirebaseInquiries(services: FirebaseServices): InquiriesPort {
  return {
    async deliver(inquiry) {
      try {
        return await (await import('./firebase-submit-inquiry')).callSubmitInquiry(services, inquiry)
      } catch {
        // A failure to even try (the function's code not loaded offline) is no answer too.
        return { kind: 'no answer' }
      }
    },
  }
}
