import { describe, expect, it } from 'vitest'
import { centreMailFields, parseCentreMailChoices } from './centre-settings'

describe("the centre's e-mail choices", () => {
  it('are on unless turned off, and are stored as the rules accept them', () => {
    expect(parseCentreMailChoices(undefined)).toEqual({ registrations: true, inquiries: true })
    expect(parseCentreMailChoices({ mailRegistrations: false, mailInquiries: 'x' })).toEqual({
      registrations: false,
      inquiries: true,
    })
    expect(centreMailFields({ registrations: false, inquiries: true })).toEqual({
      mailRegistrations: false,
      mailInquiries: true,
    })
  })
})
