// The Quick Inquire form's sender, the marketing feature's own. The contact route hands it to the form
// as `onSend`; the backend (Firebase) is loaded only when a message is sent, so the page itself never
// downloads it.
import { getBackend } from '#shared/backend/backend'
import type { QueuedWrite } from '#shared/backend/backend-ports'
import type { InquirySubmission } from '#shared/records/inquiry-record'

/** Resolves once the inquiry is kept on this device; its `sent` once the server has it. */
export async function sendInquiry(inquiry: InquirySubmission): Promise<QueuedWrite> {
  const { inquiries } = await getBackend()
  return inquiries.send(inquiry)
}
