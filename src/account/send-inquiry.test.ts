import { describe, expect, it } from 'vitest'
import { provideBackend } from '../shared/backend/backend'
import { createFakeBackend } from '../shared/backend/testing/fake-backend'
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
    await sendInquiry(inquiry)
    expect(backend.inquiries.sent).toEqual([inquiry])
  })

  it('fails when the backend cannot be loaded, so the form can say so', async () => {
    provideBackend(() => Promise.reject(new Error('offline before the code was cached')))
    await expect(sendInquiry(inquiry)).rejects.toThrow('offline before the code was cached')
  })
})
