// A new inquiry waits behind 'Show 1 new' rather than moving the cards under staff's press (0094).
import { act, fireEvent, render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import { FakeCentreServer } from '#testing/backend/fake-centre-ports'
import { staffStores, cardHeadings as subjects } from '#testing/screens/staff-list'
import { InquiriesPage } from './inquiries-page'

const inquiry = (n: number): StoredInquiry => ({
  id: `inquiry${n}`,
  name: `Sender ${n}`,
  lastName: '',
  email: `sender${n}@example.com`,
  subject: `Subject ${n}`,
  message: 'A place from January?',
  sentAt: n * 1_000,
  handled: false,
  handledBy: null,
})

const storeOn = staffStores()

it('keeps the inquiries in place when a new one comes, until staff show it', async () => {
  const server = new FakeCentreServer()
  server.inquiries = [inquiry(2), inquiry(1)]
  render(<InquiriesPage store={storeOn(server, 'inquiries')} />)
  await screen.findAllByRole('heading', { level: 3 })
  const before = subjects()
  expect(before).toHaveLength(2)

  await act(async () => {
    server.inquiries = [inquiry(3), ...server.inquiries]
    server.changed()
  })
  expect(subjects()).toEqual(before)
  fireEvent.click(screen.getByRole('button', { name: 'Show 1 new' }))
  expect(subjects()).toHaveLength(3)
  expect(subjects()[0]).toContain('3')
  expect(screen.queryByRole('button', { name: 'Show 1 new' })).toBeNull()
})
