// InquiriesPort through the callable function submitInquiry (decision 0024): the server checks the
// fields, bounds each address and browser to 5 an hour, and stores the inquiry; firestore.rules refuse
// a direct write. The message waits on the device (inquiry-outbox.ts) until the server has it, and is
// sent again by itself while the server cannot be reached. firebase/functions loads only when a message
// is sent. A message whose honeypot field is filled in came from a bot: it is dropped here, answered
// like any other so the bot learns nothing.
import type { InquiriesPort } from '#shared/backend/backend-ports'
import { inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'
import type { FirebaseServices } from './firebase-app'
import { createInquiryOutbox } from './inquiry-outbox'

export function createFirebaseInquiries(services: FirebaseServices): InquiriesPort {
  const outbox = createInquiryOutbox({
    storage: localStorage,
    deliver: async (inquiry) =>
      (await import('./firebase-submit-inquiry')).callSubmitInquiry(services, inquiry),
    onOnline: (listener) => window.addEventListener('online', listener),
  })
  // What an earlier visit left waiting.
  outbox.resume()
  return {
    async send(submission) {
      // A bot's message is answered as if the server had it, so the bot learns nothing.
      if (submission.website.trim() !== '') return { sent: Promise.resolve() }
      const inquiry = normalizeInquiry(submission)
      const problems = inquiryProblems(inquiry)
      // The server would refuse it; refuse it now instead.
      if (problems.length) throw new Error(`Inquiry has invalid fields: ${problems.join(', ')}`)
      return outbox.add({ ...inquiry, website: '' })
    },
  }
}
