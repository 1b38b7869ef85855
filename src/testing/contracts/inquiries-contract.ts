// InquiriesPort's contract as far as it does not need the server's function: the Quick Inquire form's
// messages are delivered by the callable function submitInquiry, whose emulator (Cloud Functions, with
// a build of functions/) the contract run of the adapter does not start; a message's delivery is proved
// on the fake here and on the real functions by e2e/functions.online.spec.ts.
import { describe, expect, it } from 'vitest'
import type { InquirySubmission } from '#shared/records/inquiry-record'
import { type MakeWorld, rejection } from './contract-world'

const inquiry: InquirySubmission = {
  name: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  subject: 'A place in January',
  message: 'Do you have a place for a four-year-old from January?',
  website: '',
}

export function inquiriesContract(makeWorld: MakeWorld, { delivers }: { readonly delivers: boolean }): void {
  describe('InquiriesPort', () => {
    it("answers a bot's message (its hidden field filled in) as if the server had it", async () => {
      const { backend } = await makeWorld()
      const queued = await backend.inquiries.send({ ...inquiry, website: 'https://spam.example' })
      await queued.sent
    })

    it('refuses a message the server would refuse, before keeping it', async () => {
      const { backend } = await makeWorld()
      const error = await rejection(backend.inquiries.send({ ...inquiry, email: 'not an address' }))
      expect(String(error)).toContain('email')
    })

    if (delivers)
      it('keeps a message on the device, then the server has it', async () => {
        const { backend } = await makeWorld()
        const queued = await backend.inquiries.send(inquiry)
        await queued.sent
      })
  })
}
