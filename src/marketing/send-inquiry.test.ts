// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { provideBackend } from '#shared/backend/backend'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { sendInquiry } from './send-inquiry'

const inquiry = {
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit on Monday?',
  website: '',
}

describe('sendInquiry', () => {
  it('hands the inquiry to the backend', async () => {
    const backend = createFakeBackend()
    provideBackend(() => Promise.resolve(backend))
    await (await sendInquiry(inquiry)).sent
    expect(backend.inquiries.sent).toEqual([inquiry])
  })

  it("resolves once kept on the device; its 'sent' waits for the server's answer", async () => {
    const backend = createFakeBackend()
    backend.inquiries.server.hold()
    provideBackend(() => Promise.resolve(backend))
    const { sent } = await sendInquiry(inquiry)
    await expect.poll(() => backend.inquiries.sent).toEqual([inquiry])
    let answered = false
    void sent.then(() => {
      answered = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(answered).toBe(false)
    backend.inquiries.server.answer()
    await sent
    expect(answered).toBe(true)
  })

  it("drops a bot's message (its hidden field filled in), answering as if it were sent", async () => {
    const backend = createFakeBackend()
    provideBackend(() => Promise.resolve(backend))
    await (await sendInquiry({ ...inquiry, website: 'https://spam.example' })).sent
    expect(backend.inquiries.sent).toEqual([])
  })

  it('refuses a message the server would refuse, before keeping it', async () => {
    provideBackend(() => Promise.resolve(createFakeBackend()))
    await expect(sendInquiry({ ...inquiry, email: 'not an address' })).rejects.toThrow('invalid fields')
  })

  it('fails when the backend cannot be loaded, so the form can say so', async () => {
    provideBackend(() => Promise.reject(new Error('offline before the code was cached')))
    await expect(sendInquiry(inquiry)).rejects.toThrow('offline before the code was cached')
  })
})
