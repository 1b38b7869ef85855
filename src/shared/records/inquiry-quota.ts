// The overall hourly count of Quick Inquire messages (inquiryQuota/all), which the function
// submitInquiry keeps (functions/src/inquiry-firestore.ts: `sent`, the times in ms of the last hour's
// inquiries, and `limit`, the ceiling it counted against, INQUIRY_HOURLY_CEILING). Staff read it
// (firestore.rules) and see this hour's inquiries against the ceiling at /centre/inquiries.

/** The function's window (functions/src/inquiry.ts INQUIRY_WINDOW_MS): an hour. */
export const INQUIRY_QUOTA_WINDOW_MS = 60 * 60 * 1000

export interface InquiryQuota {
  /** When each counted inquiry came, in ms (older ones are dropped on the next count only). */
  readonly sent: readonly number[]
  readonly limit: number
}

/** The stored count, or null when it is missing or not as the function writes it. */
export function parseInquiryQuota(data: unknown): InquiryQuota | null {
  if (typeof data !== 'object' || data === null) return null
  const { sent, limit } = data as Record<string, unknown>
  if (!Array.isArray(sent) || !sent.every((at) => typeof at === 'number')) return null
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return null
  return { sent: sent as number[], limit }
}

/** How many of the counted inquiries are within the hour before `now`, as the function counts them. */
export function inquiriesThisHour(quota: InquiryQuota, now: number): number {
  return quota.sent.filter((at) => now - at < INQUIRY_QUOTA_WINDOW_MS).length
}
