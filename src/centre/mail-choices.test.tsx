import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'

vi.setConfig({ testTimeout: 20_000 })

describe('/centre: which e-mails the centre gets', () => {
  it('shows both on, and saves a change at once', async () => {
    const backend = createFakeBackend()
    backend.auth.startSignedInAs({ uid: 'staff-1', email: 'sam@sunbeam.test', displayName: 'Sam' })
    renderRoute('/centre', { backend })
    const section = within(await screen.findByRole('region', { name: 'E-mails to the centre' }))
    const registrations = section.getByRole('checkbox', { name: 'A new registration' })
    const inquiries = section.getByRole('checkbox', { name: 'A new inquiry' })
    expect(registrations).toBeChecked()
    expect(inquiries).toBeChecked()
    await userEvent.setup().click(inquiries)
    await waitFor(() => expect(backend.centre.mailChoices).toEqual({ registrations: true, inquiries: false }))
    expect(backend.centre.writes).toEqual(['mail true false'])
    expect(inquiries).not.toBeChecked()
  })
})
