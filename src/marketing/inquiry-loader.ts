// A step between the contact page and the outbox (inquiry-kind.ts): the page's chunk then names one
// small file to load, not the dozen the outbox is made of (the marketing pages' bytes are budgeted).
import { getBackend } from '#shared/backend/backend'
import type { InquirySubmission } from '#shared/records/inquiry-record'

export async function queueInquiry(inquiry: InquirySubmission) {
  // The code that sends is loaded now: a page opened offline that cannot load it says so at once.
  await getBackend()
  return (await import('./inquiry-kind')).queueInquiry(inquiry)
}
