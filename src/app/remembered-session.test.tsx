// A parent this device remembers, reopening the app before Auth has checked the session with the server
// (docs/decisions/0016): the real routes, against fake ports and a real outbox.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createOutboxRuntime } from '#parent/outbox/outbox-runtime'
import { memoryPhotoCopies } from '#parent/outbox/photo-copies'
import { newRandomId } from '#shared/records/ids'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { storedKid } from '#testing/kids/kids-world'
import { renderRoute } from '#testing/screens/render-route'

vi.setConfig({ testTimeout: 20_000 })

const ada = { uid: 'parent1', email: 'ada@example.com', displayName: 'Ada Obi' }

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

async function reopen() {
  const backend = createFakeBackend()
  const auth = backend.auth.startRemembering(ada)
  const outbox = await createOutboxRuntime(backend, {
    dbName: `remembered-${newRandomId(8)}`,
    copies: memoryPhotoCopies(),
  })
  return { backend, auth, outbox }
}

describe('a remembered parent', () => {
  it("sees 'My Profile' before Auth has answered, and stays once it confirms them", async () => {
    const { backend, auth, outbox } = await reopen()
    const { history } = renderRoute('/profile', { backend, outbox })
    const main = within(await screen.findByRole('main'))
    expect(await main.findByRole('heading', { name: 'My Profile' })).toBeVisible()
    expect(main.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Obi')
    expect(screen.queryByText('Checking that you are signed in…')).toBeNull()
    auth.settle(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(history.location.pathname).toBe('/profile')
    expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    expect(backend.device.clears).toBe(0)
  })

  it('whose session the server refuses is told, signed out to /login, and the device cleared; unsent children are kept', async () => {
    const { backend, auth, outbox } = await reopen()
    await outbox.outbox.add({
      userId: ada.uid,
      kidId: 'k1',
      fields: { ...storedKid('k1'), kidName: 'Amara Obi' },
      photos: [{ name: 'amara.png', type: 'image/png', data: new ArrayBuffer(40) }],
    })
    const { history } = renderRoute('/profile', { backend, outbox })
    await screen.findByRole('heading', { name: 'My Profile' })
    auth.settle(false)
    // sonner shows a toast at opacity 0 and fades it in from an effect after its first commit: under
    // load the text is found between the two, so the toast is awaited until it is really shown.
    await waitFor(() => expect(screen.getByText('You have been signed out')).toBeVisible())
    expect(
      screen.getByText(/could not be confirmed.*1 change to your children waits on this device/),
    ).toBeVisible()
    await waitFor(() => expect(history.location.pathname).toBe('/login'))
    expect(history.location.search).toBe('?redirect=%2Fprofile')
    expect(screen.queryByRole('heading', { name: 'My Profile' })).toBeNull()
    expect(backend.device.clears).toBeGreaterThanOrEqual(1)
    // Nothing was sent for the refused account; its unsent child waits for its next sign-in.
    expect(backend.kids.saves).toEqual([])
    expect(backend.photos.uploads).toEqual([])
    expect(await outbox.unsentCount(ada.uid)).toBe(1)
  })
})
