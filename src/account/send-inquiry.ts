// The Quick Inquire form's sender. The contact page passes it to the form as `onSend`; the
// backend (Firebase) is loaded only when a message is sent, so the page itself never downloads it.
import { getBackend } from '../shared/backend/backend'
import type { InquirySubmission } from '../shared/records/inquiry-record'

/** Resolves once the inquiry is queued (offline it is sent when the connection returns). */
export async function sendInquiry(inquiry: InquirySubmission): Promise<void> {
  const { inquiries } = await getBackend()
  await inquiries.send(inquiry)
}
