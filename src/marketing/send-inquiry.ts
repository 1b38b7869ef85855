// The Quick Inquire form's sender, the marketing feature's own. The contact route hands it to the form
// as `onSend`; the backend (Firebase) and the outbox (inquiry-kind.ts, with Dexie) are loaded only when
// a message is sent, so the page itself never downloads them.
import type { QueuedWrite } from '#shared/backend/backend-ports'
import { InquiryRefusedError } from '#shared/backend/inquiry-refused'
import type { InquirySubmission } from '#shared/records/inquiry-record'

/** Resolves once the inquiry is kept on this device; its `sent` once the server has it. */
export async function sendInquiry(inquiry: InquirySubmission): Promise<QueuedWrite> {
  const { refused } = await (await import('./inquiry-loader')).queueInquiry(inquiry)
  return {
    sent: refused.then((reason) => {
      if (reason) throw new InquiryRefusedError(reason)
    }),
  }
}
