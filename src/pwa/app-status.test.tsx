import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppStatus, InstallOfferSlot } from './app-status'
import { resetPageViews } from './install-prompt'
import { newWorkerControls, offerUpdate, resetUpdateState } from './sw-update'

async function renderAppStatus(children?: React.ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AppStatus />
        <Outlet />
        <InstallOfferSlot />
      </>
    ),
  })
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => children ?? null })
  const about = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: () => null })
  const login = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: () => null })
  const editKid = createRoute({
    getParentRoute: () => rootRoute,
    path: '/edit-kid/$kidId',
    component: () => null,
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, about, login, editKid]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  resetUpdateState()
  resetPageViews()
  localStorage.clear()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('offline banner', () => {
  it('appears in the status region when the connection drops and goes when it is back', async () => {
    await renderAppStatus()
    const status = await screen.findByRole('status')
    expect(status).toBeEmptyDOMElement()

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    expect(status).toHaveTextContent('You are offline.')

    onLine.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(status).toBeEmptyDOMElement()
  })
})

describe('offline banner, put away', () => {
  function goOffline(onLine: { mockReturnValue(value: boolean): unknown }) {
    onLine.mockReturnValue(false)
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
  }
  function goOnline(onLine: { mockReturnValue(value: boolean): unknown }) {
    onLine.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
  }

  beforeEach(() => sessionStorage.clear())

  it('says what still works, and stays away after Dismiss until the connection drops again', async () => {
    const user = userEvent.setup()
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    await renderAppStatus()
    const status = await screen.findByRole('status')

    goOffline(onLine)
    expect(status).toHaveTextContent(
      'You are offline. The site still works, and what you send goes out once you are online.',
    )
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(status).toBeEmptyDOMElement()

    // Another offline event without having been online: still away.
    goOffline(onLine)
    expect(status).toBeEmptyDOMElement()

    goOnline(onLine)
    goOffline(onLine)
    expect(status).toHaveTextContent('You are offline.')
  })

  it('stays away after a reload while still offline', async () => {
    const user = userEvent.setup()
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderAppStatus()
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }))
    cleanup()

    await renderAppStatus()
    expect(await screen.findByRole('status')).toBeEmptyDOMElement()
    goOnline(onLine)
    goOffline(onLine)
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.')
  })
})

describe('update prompt', () => {
  it("offers 'Reload' when a new version waits, and reloads only after the button", async () => {
    const user = userEvent.setup()
    await renderAppStatus()
    const activateWaiting = vi.fn()
    const reload = vi.fn()

    act(() => offerUpdate({ activateWaiting }))
    expect(await screen.findByText('A new version of Sunbeam is ready')).toBeVisible()
    expect(activateWaiting).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activateWaiting).toHaveBeenCalledTimes(1)

    act(() => newWorkerControls(reload))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('A new version of Sunbeam is ready')).not.toBeInTheDocument()
  })

  it('never reloads on its own when another tab lets the new version take over', async () => {
    await renderAppStatus()
    const reload = vi.fn()
    act(() => offerUpdate({ activateWaiting: vi.fn() }))
    await screen.findByRole('button', { name: 'Reload' })

    act(() => newWorkerControls(reload))
    expect(reload).not.toHaveBeenCalled()
  })

  it('asks before reloading over a form with unsaved input, and stays when the parent says no', async () => {
    const user = userEvent.setup()
    await renderAppStatus(
      <form>
        <label>
          Child name
          <input name="kidName" defaultValue="" />
        </label>
      </form>,
    )
    await user.type(await screen.findByLabelText('Child name'), 'Ada')
    const activateWaiting = vi.fn()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    act(() => offerUpdate({ activateWaiting }))

    await user.click(await screen.findByRole('button', { name: 'Reload' }))
    expect(confirm).toHaveBeenCalledWith('Reload now? What you typed in the form will be lost.')
    expect(activateWaiting).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Child name')).toHaveValue('Ada')
  })
})

describe('install offer', () => {
  function installEvent() {
    const event = new Event('beforeinstallprompt', { cancelable: true })
    const prompt = vi.fn(() => Promise.resolve())
    Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) })
    return { event, prompt }
  }

  /** The parent opens a second page and scrolls it: the install offer waits for both. */
  async function openSecondPage(router: Awaited<ReturnType<typeof renderAppStatus>>) {
    await act(() => router.navigate({ to: '/about' }))
    scroll()
  }
  const scroll = () =>
    act(() => {
      window.dispatchEvent(new Event('scroll'))
    })

  it("shows 'Install app' when the browser offers installation, and opens the browser's dialog", async () => {
    const user = userEvent.setup()
    const router = await renderAppStatus()
    const { event, prompt } = installEvent()
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    await openSecondPage(router)

    await user.click(await screen.findByRole('button', { name: 'Install app' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('tells iPhone Safari users how to add the site to the home screen, until they dismiss it', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    )
    await openSecondPage(await renderAppStatus())
    expect(await screen.findByText(/tap the Share button, then/)).toHaveTextContent(
      'To install Sunbeam, tap the Share button, then Add to Home Screen.',
    )
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByText(/tap the Share button/)).not.toBeInTheDocument()
    expect(localStorage.getItem('sunbeam-install-dismissed')).toBe('1')
  })

  it('shows nothing in a browser without an install offer', async () => {
    await openSecondPage(await renderAppStatus())
    expect(await screen.findByRole('status')).toBeEmptyDOMElement()
  })

  it('waits for the second page the parent opens, on this visit or a later one, and for a scroll or tap', async () => {
    const router = await renderAppStatus()
    act(() => {
      window.dispatchEvent(installEvent().event)
    })
    // The first page ever: no offer yet, though the browser has made one and the parent scrolls.
    scroll()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
    // The same page again does not count.
    await act(() => router.navigate({ to: '/', search: {} }))
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
    await act(() => router.navigate({ to: '/about' }))
    expect(screen.getByRole('button', { name: 'Install app' })).toBeVisible()
    expect(localStorage.getItem('sunbeam.pages-viewed')).toBe('2')
  })

  it('on a page just opened, waits until the parent scrolls or taps', async () => {
    localStorage.setItem('sunbeam.pages-viewed', '5')
    await renderAppStatus()
    act(() => {
      window.dispatchEvent(installEvent().event)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
    act(() => {
      window.dispatchEvent(new Event('pointerdown'))
    })
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeVisible()
  })

  it('is never offered on a form (sign in, sign up, a child), where it would cover fields', async () => {
    localStorage.setItem('sunbeam.pages-viewed', '5')
    const router = await renderAppStatus()
    act(() => {
      window.dispatchEvent(installEvent().event)
    })
    scroll()
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeVisible()
    for (const href of ['/login', '/edit-kid/kid1']) {
      await act(() => router.navigate({ href }))
      expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
    }
    await act(() => router.navigate({ to: '/about' }))
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeVisible()
  })
})
