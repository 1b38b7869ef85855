import { describe, expect, it } from 'vitest'
import {
  INQUIRY_EMAIL_INPUT_PATTERN,
  type InquiryRecord,
  inquiryLimits,
  inquiryProblems,
  isInquiryEmail,
  normalizeInquiry,
  parseStoredInquiry,
} from './inquiry-record'

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

  it('keeps the subject on one line and the message on its lines, without controls or bidi marks', () => {
    const inquiry = normalizeInquiry({
      ...valid,
      subject: ' A visit\r\non\tMonday\u202E ',
      message: ' Hello,\r\n\r\nCould we\tvisit?\u2066 ',
    })
    expect(inquiry.subject).toBe('A visit on Monday')
    expect(inquiry.message).toBe('Hello,\n\nCould we visit?')
    expect(inquiryProblems(inquiry)).toEqual([])
  })

  it('cuts by characters, never through an emoji', () => {
    const inquiry = normalizeInquiry({
      ...valid,
      name: 'x'.concat('😀'.repeat(100)),
      message: '😀'.repeat(2500),
    })
    expect(Array.from(inquiry.name)).toHaveLength(inquiryLimits.name.max)
    expect(inquiry.message).toBe('😀'.repeat(inquiryLimits.message.max))
    expect(inquiryProblems(inquiry)).toEqual([])
  })

  it('names what the rules refuse: only spaces, a line break outside the message, controls, bidi', () => {
    expect(inquiryProblems({ ...valid, name: '\u00A0', message: ' \n ' })).toEqual(['name', 'message'])
    expect(inquiryProblems({ ...valid, lastName: '  ', subject: '\u3000' })).toEqual(['lastName', 'subject'])
    expect(inquiryProblems({ ...valid, subject: 'A\nvisit' })).toEqual(['subject'])
    expect(inquiryProblems({ ...valid, message: 'Can we\nvisit?' })).toEqual([])
    expect(inquiryProblems({ ...valid, name: 'A\u202Eda', message: 'Hi\u0000' })).toEqual(['name', 'message'])
    expect(inquiryProblems({ ...valid, email: 'ada\u2066@example.com' })).toEqual(['email'])
    // Limits in characters: 80 emoji are a valid name, 81 are not.
    expect(inquiryProblems({ ...valid, name: '😀'.repeat(80) })).toEqual([])
    expect(inquiryProblems({ ...valid, name: '😀'.repeat(81) })).toEqual(['name'])
  })
})

describe('stored inquiries (read by staff)', () => {
  it('reads the sender fields and the handled mark', () => {
    const data = {
      name: 'Ada',
      lastName: '',
      email: 'a@b.c',
      subject: '',
      message: 'Hi',
      handled: true,
      handledBy: 's',
    }
    expect(parseStoredInquiry('i1', data, 7)).toEqual({ id: 'i1', ...data, sentAt: 7 })
    expect(
      parseStoredInquiry('i2', { ...data, handled: undefined, handledBy: undefined }, null),
    ).toMatchObject({
      handled: false,
      handledBy: null,
    })
    expect(parseStoredInquiry('i3', { ...data, message: 3 }, null)).toBeNull()
  })
})

describe('inquiry e-mail: one address that a mailto: link cannot turn into more', () => {
  const refused = [
    'ada@x.org?bcc=eve%40evil.example&body=hi',
    'ada&eve@x.org',
    'ada#1@x.org',
    'ada%40x.org@evil.example',
    'ada@x.org,eve@evil.example',
    'ada@x.org;eve@evil.example',
    'ada/eve@x.org',
    'ada\\eve@x.org',
    'ada lovelace@x.org',
    'ada@x.org\teve',
    'ada@@x.org',
    'ada.x.org',
  ]
  const accepted = ['ada@x.org', 'ada.lovelace+visit@mail.x.org', "o'neil@x.ng", 'ngozi_obi@uyo.example']

  it('refuses each of ? & # % , ; / \\ and spaces, and accepts ordinary addresses', () => {
    for (const email of refused) expect(isInquiryEmail(email), email).toBe(false)
    for (const email of accepted) expect(isInquiryEmail(email), email).toBe(true)
    expect(inquiryProblems({ ...valid, email: 'ada@x.org?bcc=eve@evil.example' })).toEqual(['email'])
    expect(inquiryProblems({ ...valid, email: 'ada@x.org' })).toEqual([])
  })

  it("the form's pattern (the v flag, as browsers compile it) says the same", () => {
    const input = new RegExp(`^(?:${INQUIRY_EMAIL_INPUT_PATTERN})$`, 'v')
    for (const email of refused) expect(input.test(email), email).toBe(false)
    for (const email of accepted) expect(input.test(email), email).toBe(true)
  })
})
