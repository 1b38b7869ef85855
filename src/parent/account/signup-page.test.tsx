import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'
import { watchForText } from '#testing/watch-for-text'

function setup(path = '/signup') {
  const backend = createFakeBackend()
  backend.auth.addAccount('taken@example.com', 'secret123', 'Taken')
  const view = renderRoute(path, { backend })
  return { ...view, backend, user: userEvent.setup() }
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, email: string, password: string) {
  if (name) await user.type(await screen.findByLabelText('Name'), name)
  await user.type(await screen.findByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/signup', () => {
  it('shows Name, Email and Password, the Sign Up Now button and the One of us? panel', async () => {
    setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument()
    // The name has no required marker; e-mail (of e-mail type) and password are required.
    expect(screen.getByLabelText('Name')).not.toBeRequired()
    expect(screen.getByLabelText('Email')).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByRole('button', { name: 'Sign Up Now' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('heading', { name: 'One of us?' })).toBeInTheDocument()
    expect(
      screen.getByText("If you already have an account, just sign in. We've missed you!"),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  })

  it("creates the account, says 'Signed up successfully' and goes to /profile", async () => {
    const { user, backend, history } = setup()
    await fill(user, 'Grace Hopper', 'grace@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByText('Signed up successfully')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/profile')
    expect(backend.auth.calls.signUp).toEqual([{ name: 'Grace Hopper', email: 'grace@example.com' }])
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper')
  })

  it('holds the name to 80 characters as the record counts them: 80 emoji fit, no more', async () => {
    const { user, backend } = setup()
    const name = await screen.findByLabelText('Name')
    expect(name).not.toHaveAttribute('maxlength') // it counts UTF-16 units: 40 emoji
    fireEvent.change(name, { target: { value: '😀'.repeat(81) } })
    expect(name).toHaveValue('😀'.repeat(80))
    await user.type(name, 'x')
    expect(name).toHaveValue('😀'.repeat(80))
    await fill(user, '', 'emoji@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByText('Signed up successfully')).toBeInTheDocument()
    expect(backend.auth.calls.signUp).toEqual([{ name: '😀'.repeat(80), email: 'emoji@example.com' }])
  })

  it("says 'Something went wrong with registration' when the e-mail is taken", async () => {
    const { user, history } = setup()
    await fill(user, 'Someone', 'taken@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByText('Something went wrong with registration')).toBeInTheDocument()
    expect(history.location.pathname).toBe('/signup')
    expect(screen.getByRole('button', { name: 'Sign Up Now' })).toBeEnabled()
  })

  it("says 'Something went wrong with registration' for any other failure too", async () => {
    const { user, backend } = setup()
    backend.auth.failNext('signUp')
    await fill(user, 'Someone', 'new@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByText('Something went wrong with registration')).toBeInTheDocument()
  })

  it('is busy while signing up', async () => {
    const { user, backend } = setup()
    const held = backend.auth.hold('signUp')
    await fill(user, 'Grace', 'grace2@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByRole('button', { name: 'Signing up…' })).toBeDisabled()
    held.release()
    expect(await screen.findByText('Signed up successfully')).toBeInTheDocument()
  })

  it('a blank name becomes the first part of the e-mail', async () => {
    const { user, backend } = setup()
    await fill(user, '', 'sam.parent@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('sam.parent')
    expect([...backend.auth.userDocs.values()]).toEqual([
      { name: 'sam.parent', email: 'sam.parent@example.com' },
    ])
  })

  it('never shows the sign-in loader on the way to /profile, even when the phone stalls as it goes', async () => {
    const { user, history } = setup()
    await fill(user, 'Grace', 'grace4@example.com', 'secret123')
    // A busy phone: 300 ms pass between the start of the navigation and the guard's (synchronous)
    // answer, as when the main thread is taken by other work at that moment. The router's loader timer
    // counts from the start, so on its own it would show the loader although nothing is left to check.
    const realNow = Date.now.bind(Date)
    let stalled = 0
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + stalled)
    // The router hears of the new location first and starts loading it; this listener runs right after.
    const stopStalling = history.subscribe(() => {
      if (history.location.pathname === '/profile') stalled = 300
    })
    const loaderSeen = watchForText('Checking that you are signed in')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    stopStalling()
    expect(stalled, 'the navigation stalled as planned').toBe(300)
    expect(loaderSeen(), 'the sign-in loader').toBe(false)
  })

  it('goes to the redirect target after signing up', async () => {
    const { user, history } = setup('/signup?redirect=%2Fadd-kid')
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fadd-kid',
    )
    await fill(user, 'Grace', 'grace3@example.com', 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    expect(await screen.findByRole('heading', { name: 'Add Your Child Info' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/add-kid')
  })
})
