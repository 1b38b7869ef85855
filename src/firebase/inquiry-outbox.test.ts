// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { InquiryRefusedError } from '#shared/backend/inquiry-refused'
import {
  CLIENT_KEY,
  createInquiryOutbox,
  type Delivery,
  PENDING_KEY,
  type PendingInquiry,
} from './inquiry-outbox'

const inquiry = {
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit?',
  website: '',
}

function world(answers: Delivery[]) {
  const calls: PendingInquiry[] = []
  let online = () => {}
  const outbox = createInquiryOutbox({
    storage: localStorage,
    deliver: async (pending) => {
      calls.push(pending)
      const answer = answers.shift()
      if (!answer) throw new Error('the function could not be loaded')
      return answer
    },
    onOnline: (listener) => {
      online = listener
    },
    // Pauses never end by themselves: only 'online' wakes a retry.
    wait: () => new Promise(() => {}),
  })
  const pending = () => JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]') as PendingInquiry[]
  return { outbox, calls, pending, goOnline: () => online() }
}

describe('the inquiry outbox', () => {
  it('keeps the inquiry with an id and this browser’s client id until the server has it', async () => {
    localStorage.clear()
    const { outbox, calls, pending } = world([{ kind: 'stored' }])
    const { sent } = outbox.add(inquiry)
    expect(pending()).toHaveLength(1)
    await sent
    expect(pending()).toEqual([])
    expect(calls[0]).toMatchObject({ ...inquiry, client: localStorage.getItem(CLIENT_KEY) })
    expect(calls[0]?.id).toMatch(/^[A-Za-z0-9]{20}$/)
  })

  it('sends it again, under the same id, when the connection comes back', async () => {
    localStorage.clear()
    const { outbox, calls, pending, goOnline } = world([{ kind: 'no answer' }, { kind: 'stored' }])
    const { sent } = outbox.add(inquiry)
    await expect.poll(() => calls.length).toBe(1)
    expect(pending()).toHaveLength(1)
    goOnline()
    await sent
    expect(calls.map((call) => call.id)).toEqual([calls[0]?.id, calls[0]?.id])
    expect(pending()).toEqual([])
  })

  it('drops a refused inquiry and says why', async () => {
    localStorage.clear()
    const { outbox, pending } = world([{ kind: 'refused', reason: 'too-many' }])
    const { sent } = outbox.add(inquiry)
    await expect(sent).rejects.toEqual(new InquiryRefusedError('too-many'))
    expect(pending()).toEqual([])
  })

  it('sends what an earlier visit left, once, and counts a failure to load as no answer', async () => {
    localStorage.clear()
    const first = world([])
    first.outbox.add(inquiry)
    await expect.poll(() => first.calls.length).toBe(1)
    const later = world([{ kind: 'stored' }])
    later.outbox.resume()
    later.outbox.resume()
    await expect.poll(() => later.pending()).toEqual([])
    expect(later.calls).toHaveLength(1)
    expect(later.calls[0]?.id).toBe(first.calls[0]?.id)
  })
})
