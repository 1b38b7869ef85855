import { describe, expect, it } from 'vitest'
import { type InquiryRecord, inquiryLimits, inquiryProblems, normalizeInquiry } from './inquiry-record'

const valid: InquiryRecord = {
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Visit',
  message: 'Can we visit on Monday?',
}

describe('inquiry record', () => {
  it('trims fields and cuts them to their limits', () => {
    const inquiry = normalizeInquiry({ ...valid, name: '  Ada  ', message: 'm'.repeat(5000) })
    expect(inquiry.name).toBe('Ada')
    expect(inquiry.message).toHaveLength(inquiryLimits.message.max)
  })

  it('accepts a complete inquiry, with optional last name and subject', () => {
    expect(inquiryProblems(valid)).toEqual([])
    expect(inquiryProblems({ ...valid, lastName: '', subject: '' })).toEqual([])
  })

  it('names the fields the rules would refuse', () => {
    expect(inquiryProblems({ ...valid, name: '', message: '' })).toEqual(['name', 'message'])
    expect(inquiryProblems({ ...valid, email: 'not-an-email' })).toEqual(['email'])
  })
})
