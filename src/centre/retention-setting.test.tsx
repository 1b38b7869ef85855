import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { CentrePort } from '#shared/backend/centre-ports'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'
import { RetentionSetting } from './retention-setting'

vi.setConfig({ testTimeout: 20_000 })

function staffAtCentre() {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs({ uid: 'staff-1', email: 'sam@sunbeam.test', displayName: 'Sam' })
  renderRoute('/centre', { backend })
  return backend
}

describe('/centre: how long we keep ended places', () => {
  it('shows the default of 180 days, says parents are told 30 days before, and saves a new period', async () => {
    const backend = staffAtCentre()
    const section = within(await screen.findByRole('region', { name: 'How long we keep ended places' }))
    expect(section.getByText('Now: 180 days (the default).')).toBeInTheDocument()
    expect(section.getByText(/The parent is told 30 days before\./)).toBeInTheDocument()
    const field = section.getByRole('textbox', { name: 'Days to keep them' })
    expect(field).toHaveValue('180')
    expect(field).toHaveAccessibleDescription('From 30 to 3650 days.')
    const user = userEvent.setup()
    await user.clear(field)
    await user.type(field, '365')
    await user.click(section.getByRole('button', { name: 'Save period' }))
    await waitFor(() => expect(backend.centre.retention).toEqual({ days: 365 }))
    expect(await section.findByText('Saved.')).toBeInTheDocument()
    expect(section.getByText('Now: 365 days.')).toBeInTheDocument()
    expect(backend.centre.writes).toEqual(['retention 365'])
  })

  it('refuses a period out of bounds or not whole, with a message on the field, and saves nothing', async () => {
    const backend = staffAtCentre()
    const section = within(await screen.findByRole('region', { name: 'How long we keep ended places' }))
    const field = section.getByRole('textbox', { name: 'Days to keep them' })
    const save = section.getByRole('button', { name: 'Save period' })
    const user = userEvent.setup()
    for (const [typed, message] of [
      ['29', 'Enter at least 30 days.'],
      ['3651', 'Enter at most 3650 days (about ten years).'],
      ['90.5', 'Enter whole days, as a number (for example 180).'],
    ] as const) {
      await user.clear(field)
      await user.type(field, typed)
      await user.click(save)
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(`From 30 to 3650 days. ${message}`)
      expect(field).toHaveFocus()
    }
    await user.clear(field)
    await user.click(save)
    expect(field).toHaveAccessibleDescription('From 30 to 3650 days. Enter a number of days.')
    expect(backend.centre.writes).toEqual([])
    expect(backend.centre.retention).toBeUndefined()
  })

  it('shows the period another member of staff set, and says so when the server refuses a save', async () => {
    const backend = staffAtCentre()
    backend.centre.retention = { days: 400 }
    const section = within(await screen.findByRole('region', { name: 'How long we keep ended places' }))
    expect(section.getByText('Now: 400 days.')).toBeInTheDocument()
    expect(section.getByRole('textbox', { name: 'Days to keep them' })).toHaveValue('400')
    // The claim taken away meanwhile: the rules refuse the write.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    backend.centre.access = 'not-staff'
    await userEvent.setup().click(section.getByRole('button', { name: 'Save period' }))
    expect(await section.findByRole('alert')).toHaveTextContent(
      'The period could not be saved. Please sign in again or try later.',
    )
    expect(backend.centre.retention).toEqual({ days: 400 })
  })

  it('a period shown, then the listener refused for good: says it is not read, not a stale "Now"', async () => {
    let refuse: (error: Error) => void = () => undefined
    const port = {
      watchRetentionDays: (listener: (days: number) => void, onError: (error: Error) => void) => {
        queueMicrotask(() => listener(180))
        refuse = onError
        return () => undefined
      },
    } as unknown as CentrePort
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    render(<RetentionSetting port={port} />)
    const section = within(await screen.findByRole('region', { name: 'How long we keep ended places' }))
    expect(section.queryByRole('alert')).toBeNull()
    act(() => refuse(new Error('Missing or insufficient permissions.')))
    expect(section.getByRole('alert')).toHaveTextContent(
      'The period could not be read. Please sign in again or try later.',
    )
  })
})
