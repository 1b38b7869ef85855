// InquiriesPort's contract: one attempt to hand a Quick Inquire message to the server (the callable
// function submitInquiry), answered in words, never by a rejection; keeping it on the device and trying
// again is the outbox's (src/marketing/inquiry-kind.ts), a bot's message and the checks of its fields are
// the kind's and the function's. The contract run of the adapter starts no Functions emulator (Cloud
// Functions need a build of functions/): there a delivery is proved on the fake here, and on the real
// function by e2e/inquiries.online.spec.ts.
import { describe, expect, it } from 'vitest'
import type { PendingInquiry } from '#shared/backend/backend-ports'
import { newRandomId } from '#shared/records/ids'
import type { MakeWorld } from './contract-world'

const pending = (): PendingInquiry => ({
  id: newRandomId(),
  client: newRandomId(),
  name: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  subject: 'A place in January',
  message: 'Do you have a place for a four-year-old from January?',
  website: '',
})

export function inquiriesContract(makeWorld: MakeWorld, { delivers }: { readonly delivers: boolean }): void {
  describe('InquiriesPort', () => {
    it('answers an attempt in words (stored, refused or no answer), never by rejecting', async () => {
      const { backend } = await makeWorld()
      const delivery = await backend.inquiries.deliver(pending())
      expect(['stored', 'refused', 'no answer']).toContain(delivery.kind)
    })

    if (delivers)
      it('hands a message to the server, which has it', async () => {
        const { backend } = await makeWorld()
        expect(await backend.inquiries.deliver(pending())).toEqual({ kind: 'stored' })
      })
  })
}
