import { describe, expect, it } from 'vitest'
import { INQUIRY_QUOTA_WINDOW_MS, inquiriesThisHour, parseInquiryQuota } from './inquiry-quota'

describe('the overall hourly count of inquiries', () => {
  it('reads what the function writes, and nothing else', () => {
    expect(parseInquiryQuota({ sent: [1, 2], limit: 60, expiresAt: new Date() })).toEqual({
      sent: [1, 2],
      limit: 60,
    })
    expect(parseInquiryQuota(undefined)).toBeNull()
    expect(parseInquiryQuota({ sent: [1] })).toBeNull()
    expect(parseInquiryQuota({ sent: ['1'], limit: 60 })).toBeNull()
    expect(parseInquiryQuota({ sent: [], limit: 0 })).toBeNull()
  })

  it('counts only the last hour, as the function does', () => {
    const now = 10 * INQUIRY_QUOTA_WINDOW_MS
    const quota = { sent: [now - INQUIRY_QUOTA_WINDOW_MS, now - INQUIRY_QUOTA_WINDOW_MS + 1, now], limit: 60 }
    expect(inquiriesThisHour(quota, now)).toBe(2)
  })
})
