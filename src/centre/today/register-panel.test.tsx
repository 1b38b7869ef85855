// The register's panel and the day's settings on /centre/today, on the fake door port: a month chosen
// and downloaded as CSV; the settings read, checked and saved for every member of staff.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { centreDay, newArrival } from '#shared/records/attendance-record'
import { DEFAULT_DAY_SETTINGS } from '#shared/records/day-settings'
import { newRandomId } from '#shared/records/ids'
import { createFakeAttendance, doorChild, FakeAttendanceServer } from '#testing/backend/fake-attendance-ports'
import { DaySettingsForm } from './day-settings-form'
import { BOM } from './register-csv'
import { RegisterPanel } from './register-panel'

function door() {
  const server = new FakeAttendanceServer()
  const kidId = newRandomId()
  server.children.push(doorChild({ kidId }))
  server.userName = (uid) => (uid === 'staff-1' ? 'Sam Staff' : undefined)
  return { server, port: createFakeAttendance(server), kidId }
}

describe('the register', () => {
  it('downloads the chosen month as CSV, and says how many child-days it holds', async () => {
    const { server, port, kidId } = door()
    const today = centreDay(Date.now())
    server.record(
      newArrival({ kidId, userRef: 'parent-1', recordedBy: 'staff-1', deviceAt: Date.now() }),
      'staff-1',
    )
    const files: { name: string; text: string }[] = []
    const user = userEvent.setup()
    render(
      <RegisterPanel
        port={port}
        today={today}
        keptMonths={12}
        save={(name, text) => files.push({ name, text })}
      />,
    )
    const month = screen.getByRole('combobox', { name: 'Month' })
    // This month and the twelve kept, newest first.
    expect(month.querySelectorAll('option')).toHaveLength(13)
    await user.click(screen.getByRole('button', { name: 'Download register' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Downloaded: 1 child-day in /))
    expect(files).toHaveLength(1)
    expect(files[0]?.name).toBe(`sunbeam-register-${today.slice(0, 7)}.csv`)
    expect(files[0]?.text.startsWith(`${BOM}"Date","Child","Arrived at","Arrival recorded by"`)).toBe(true)
    expect(files[0]?.text).toContain(`"${today}","Amara Obi",`)
    expect(files[0]?.text).toContain('"Sam Staff"')
    // Last month: no arrival, and still a file with its header.
    const options = [...month.querySelectorAll('option')]
    await user.selectOptions(month, options[1]?.value ?? '')
    await user.click(screen.getByRole('button', { name: 'Download register' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Downloaded: no arrivals in /))
    expect(files[1]?.text.split('\r\n')).toHaveLength(2)
  })

  it('says so when the register cannot be read', async () => {
    const { server, port } = door()
    server.offline = true
    const user = userEvent.setup()
    render(<RegisterPanel port={port} today={centreDay(Date.now())} keptMonths={12} save={() => undefined} />)
    await user.click(screen.getByRole('button', { name: 'Download register' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The register could not be read.')
  })
})

describe('the day’s settings', () => {
  it('shows the defaults, refuses a period out of bounds, and saves the time and the months', async () => {
    const { server, port } = door()
    const user = userEvent.setup()
    const { rerender } = render(<DaySettingsForm port={port} settings={DEFAULT_DAY_SETTINGS} />)
    expect(
      screen.getByText(/Now: not seen after 10:00 \(the default\); the register is kept 12 months/),
    ).toBeVisible()
    const months = screen.getByRole('textbox', { name: 'Months to keep the register' })
    await user.clear(months)
    await user.type(months, '2')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Enter at least 3 months.')).toBeVisible()
    expect(months).toHaveFocus()
    expect(server.daySettings).toBeNull()
    await user.clear(months)
    await user.type(months, '24')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Not seen after' }), '09:30')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved.'))
    expect(server.daySettings).toEqual({ notSeenAt: '09:30', registerMonths: 24 })
    rerender(<DaySettingsForm port={port} settings={{ notSeenAt: '09:30', registerMonths: 24 }} />)
    expect(screen.getByText(/Now: not seen after 09:30; the register is kept 24 months\./)).toBeVisible()
  })

  it('says so when the server refuses the save', async () => {
    const { server, port } = door()
    server.isStaff = () => false
    const user = userEvent.setup()
    render(<DaySettingsForm port={port} settings={DEFAULT_DAY_SETTINGS} />)
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings could not be saved.')
  })
})
