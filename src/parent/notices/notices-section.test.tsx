import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'
import { unreadCount } from './notices-bar'
import { pushMessages } from './push-choice'

async function parentAtProfile() {
  const backend = createFakeBackend()
  const user = backend.auth.addAccount('ngozi@example.com', 'correct-horse', 'Ngozi Eze')
  await backend.auth.signIn('ngozi@example.com', 'correct-horse')
  const view = renderRoute('/profile', { backend })
  await screen.findByRole('heading', { name: 'My Profile' })
  // The section is loaded by the profile itself (its own chunk).
  await screen.findByRole('region', { name: 'Notices' })
  return { ...view, backend, uid: user.uid, user: userEvent.setup() }
}

const notices = () => within(screen.getByRole('region', { name: 'Notices' }))

afterEach(() => {
  Reflect.deleteProperty(navigator, 'setAppBadge')
  Reflect.deleteProperty(navigator, 'clearAppBadge')
})

describe('notices in the parent area', () => {
  it('lists them newest first, live, with the unread count in the bar and on the app icon', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    const clearAppBadge = vi.fn(() => Promise.resolve())
    Object.assign(navigator, { setAppBadge, clearAppBadge })
    const { backend, uid } = await parentAtProfile()
    expect(await notices().findByText(/No notices yet/)).toBeInTheDocument()
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled())

    backend.notices.add(uid, {
      id: 'n1',
      kidId: 'kid1',
      kidName: 'Amara',
      text: 'Amara is on the waiting list.',
      createdAt: 1,
    })
    backend.notices.add(uid, {
      id: 'n2',
      kidId: 'kid1',
      kidName: 'Amara',
      text: "Amara's place is confirmed from 4 January 2027.",
      createdAt: 2,
    })
    const links = await notices().findAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining("Amara's place is confirmed"),
      expect.stringContaining('Amara is on the waiting list.'),
    ])
    expect(links[0]).toHaveAttribute('href', '/kid/kid1')
    // (By its text: a role query over the whole page took longer than findByRole waits, here.)
    await waitFor(() =>
      expect(document.querySelector('.notices-bar__link')).toHaveTextContent('Notices 2 unread'),
    )
    expect(document.querySelector('.notices-bar__link')).toHaveAttribute('href', '/profile#notices')
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2))
  })

  it('opening one marks it read and goes to the child page', async () => {
    const { backend, uid, user, history } = await parentAtProfile()
    const visited: string[] = []
    history.subscribe(() => visited.push(history.location.pathname))
    backend.notices.add(uid, {
      id: 'n1',
      kidId: 'kid1',
      kidName: 'Amara',
      text: "Amara's place is confirmed.",
      createdAt: 1,
    })
    await user.click(await notices().findByRole('link', { name: /Amara's place is confirmed/ }))
    expect(backend.notices.marked).toEqual(['n1'])
    // (The fake server has no such child, so its page then moves on: the visit is what counts here.)
    await waitFor(() => expect(visited[0]).toBe('/kid/kid1'))
    expect(backend.notices.all(uid)[0]?.readAt).not.toBeNull()
  })
})

describe('push, on the parent tap only', () => {
  it('asks nothing on load; the tap turns it on, and it can be turned off', async () => {
    const { backend, user } = await parentAtProfile()
    const ask = await notices().findByRole('button', { name: 'Tell me when the centre answers' })
    expect(backend.push.calls.turnOn).toBe(0)
    expect(notices().getByText(pushMessages.off)).toBeInTheDocument()
    await user.click(ask)
    expect(await notices().findByText(pushMessages.on)).toBeInTheDocument()
    expect(backend.push.calls.turnOn).toBe(1)
    await user.click(notices().getByRole('button', { name: 'Turn off notifications' }))
    expect(
      await notices().findByRole('button', { name: 'Tell me when the centre answers' }),
    ).toBeInTheDocument()
    expect(backend.push.calls.turnOff).toBe(1)
  })

  it('tells a parent whose address is not confirmed that notice e-mails wait for it', async () => {
    const backend = createFakeBackend()
    await backend.auth.signUp('Ngozi Eze', 'ngozi@example.com', 'correct-horse')
    const view = renderRoute('/profile', { backend })
    await screen.findByRole('region', { name: 'Notices' }, { timeout: 5_000 })
    expect(await notices().findByText(pushMessages.verifyForEmail)).toBeInTheDocument()
    expect(notices().getByText(pushMessages.off)).toBeInTheDocument()
    view.unmount()
    // The control: once confirmed, it is not said.
    backend.auth.verify('ngozi@example.com')
    const asked = vi.spyOn(backend.auth, 'emailVerified')
    renderRoute('/profile', { backend })
    await screen.findByRole('region', { name: 'Notices' }, { timeout: 5_000 })
    expect(await notices().findByText(pushMessages.off)).toBeInTheDocument()
    // Every question the screen asked answered (true), and a turn of the event loop to render it.
    await waitFor(() => expect(asked.mock.results.length).toBeGreaterThan(0))
    expect(await Promise.all(asked.mock.results.map((result) => result.value))).toContain(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(notices().queryByText(pushMessages.verifyForEmail)).toBeNull()
  })

  it('says why where the browser cannot, or the parent refused', async () => {
    const refused = await parentAtProfile()
    refused.backend.push.answer = 'denied'
    await refused.user.click(
      await notices().findByRole('button', { name: 'Tell me when the centre answers' }),
    )
    expect(await notices().findByText(pushMessages.denied)).toBeInTheDocument()
    refused.unmount()

    const backend = createFakeBackend()
    backend.push.support = 'install-first'
    backend.auth.addAccount('a@example.com', 'correct-horse', 'A')
    await backend.auth.signIn('a@example.com', 'correct-horse')
    renderRoute('/profile', { backend })
    expect(await screen.findByText(pushMessages['install-first'])).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Tell me when the centre answers' })).not.toBeInTheDocument()
  })
})

describe('the unread count', () => {
  it('counts the notices not yet opened', () => {
    const notice = (id: string, readAt: number | null) => ({
      id,
      kidId: 'k',
      kidName: 'A',
      text: 't',
      createdAt: 1,
      readAt,
    })
    expect(unreadCount([notice('a', null), notice('b', 5), notice('c', null)])).toBe(2)
    expect(unreadCount([])).toBe(0)
  })
})
