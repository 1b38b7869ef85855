import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { INQUIRY_QUOTA_WINDOW_MS } from '#shared/records/inquiry-quota'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { createFakeCentre, FakeCentreServer } from '#testing/backend/fake-centre-ports'
import { renderRoute } from '#testing/screens/render-route'
import { InquiryQuotaLine } from './inquiry-quota-line'

vi.setConfig({ testTimeout: 20_000 })

function staffBackend() {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs({ uid: 'staff-1', email: 'sam@sunbeam.test', displayName: 'Sam' })
  return backend
}

describe("/centre/inquiries: this hour's inquiries against the ceiling", () => {
  it('counts the last hour only, against the ceiling the function counted with', async () => {
    const backend = staffBackend()
    const now = Date.now()
    backend.centre.inquiryQuota = {
      sent: [now - INQUIRY_QUOTA_WINDOW_MS - 1_000, now - 30 * 60_000, now - 60_000],
      limit: 60,
    }
    renderRoute('/centre/inquiries', { backend })
    expect(await screen.findByText('Inquiries this hour: 2 of 60')).toBeInTheDocument()
  })

  it('says nothing while no inquiry was counted', async () => {
    const backend = staffBackend()
    renderRoute('/centre/inquiries', { backend })
    expect(await screen.findByText(/0 inquiries, 0 not handled/)).toBeInTheDocument()
    expect(screen.queryByText(/Inquiries this hour/)).not.toBeInTheDocument()
  })

  it('says nothing, and does not fail, when the rules refuse the count', async () => {
    const server = new FakeCentreServer()
    server.access = 'not-staff'
    server.inquiryQuota = { sent: [Date.now()], limit: 60 }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { container } = render(<InquiryQuotaLine port={createFakeCentre(server)} />)
    await waitFor(() => expect(warn).toHaveBeenCalledOnce())
    expect(container).toBeEmptyDOMElement()
  })
})
