import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'

function setup(path = '/login') {
  const backend = createFakeBackend()
  backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
  const view = renderRoute(path, { backend })
  return { ...view, backend, user: userEvent.setup() }
}

describe('/login', () => {
  it('shows the Sign In form and the New here? panel', async () => {
    setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    const email = screen.getByLabelText('Email Address')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('button', { name: 'Forgot Password ?' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'New here?' })).toBeInTheDocument()
    expect(screen.getByText('Sign up and discover great amount of new opportunities!')).toBeInTheDocument()
    // The panel's link, and the same under the form for phones (CSS shows one of them per width).
    for (const link of screen.getAllByRole('link', { name: 'Sign Up' }))
      expect(link).toHaveAttribute('href', '/signup')
    expect(screen.getAllByRole('link', { name: 'Sign Up' })).toHaveLength(2)
  })

  it("signs in, says 'Signed in successfully' and goes to /profile", async () => {
    const { user, history, backend } = setup()
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Signed in successfully')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/profile')
    expect(backend.auth.calls.signIn).toEqual(['ada@example.com'])
  })

  it("says 'Bad User Credentials' for a wrong password and stays on the form", async () => {
    const { user, history } = setup()
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    // Once, beside the form, which keeps it until the parent types again (no toast saying it twice).
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad User Credentials')
    expect(screen.getAllByText('Bad User Credentials')).toHaveLength(1)
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
    expect(history.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(screen.queryByText('Signed in successfully')).not.toBeInTheDocument()
  })

  it("says 'Bad User Credentials' for an unknown e-mail too", async () => {
    const { user } = setup()
    await user.type(await screen.findByLabelText('Email Address'), 'nobody@example.com')
    await user.type(screen.getByLabelText('Password'), 'whatever1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad User Credentials')
    await user.type(screen.getByLabelText('Password'), '2')
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid')
  })

  it('is busy while signing in: the button is disabled and says so', async () => {
    const { user, backend } = setup()
    const held = backend.auth.hold('signIn')
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const busy = await screen.findByRole('button', { name: 'Signing in…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    held.release()
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
  })

  it('returns to the redirect target after signing in', async () => {
    const { user, history } = setup('/login?redirect=%2Fadd-kid')
    for (const link of await screen.findAllByRole('link', { name: 'Sign Up' }))
      expect(link).toHaveAttribute('href', '/signup?redirect=%2Fadd-kid')
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { name: 'Add Your Child Info' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/add-kid')
  })

  it('says why when a guarded page sent the visitor here, and nothing when they came on their own', async () => {
    const first = setup('/login?redirect=%2Fprofile')
    expect(await screen.findByText('Please sign in to see your profile.')).toBeInTheDocument()
    first.unmount()
    const second = setup('/login?redirect=%2Fadd-kid')
    expect(await screen.findByText('Please sign in to continue.')).toBeInTheDocument()
    expect(screen.queryByText('Please sign in to see your profile.')).not.toBeInTheDocument()
    second.unmount()
    setup('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    expect(screen.queryByText(/^Please sign in/)).not.toBeInTheDocument()
  })

  it('ignores a redirect target on another site and goes to /profile', async () => {
    const { user, history } = setup('/login?redirect=%2F%2Fevil.example%2Fprofile')
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/profile')
  })

  it("'Forgot Password ?' asks for the e-mail first, then requests the reset e-mail", async () => {
    const { user, backend } = setup()
    await user.click(await screen.findByRole('button', { name: 'Forgot Password ?' }))
    expect(
      screen.getByText("Type your e-mail address above, then tap 'Forgot Password ?' again."),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email Address')).toHaveFocus()
    expect(backend.auth.calls.sendPasswordReset).toEqual([])

    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot Password ?' }))
    expect(
      await screen.findByText('If ada@example.com has an account, a password reset e-mail is on its way.'),
    ).toBeInTheDocument()
    expect(backend.auth.calls.sendPasswordReset).toEqual(['ada@example.com'])
  })

  it('says so when the reset e-mail could not be requested', async () => {
    const { user, backend } = setup()
    backend.auth.failNext('sendPasswordReset')
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot Password ?' }))
    expect(
      await screen.findByText('Could not send the password reset e-mail. Please try again.'),
    ).toBeInTheDocument()
  })

  it('/sign-in sends the visitor to /login', async () => {
    const { history } = setup('/sign-in')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    await waitFor(() => expect(history.location.pathname).toBe('/login'))
    expect(history.location.search).toBe('')
  })

  it('/sign-in keeps a safe return target and drops any other', async () => {
    const first = setup('/sign-in?redirect=%2Fadd-kid%3Fplan%3DWeekly')
    await waitFor(() => expect(first.history.location.pathname).toBe('/login'))
    expect(new URLSearchParams(first.history.location.search).get('redirect')).toBe('/add-kid?plan=Weekly')
    first.unmount()
    const second = setup('/sign-in?redirect=https%3A%2F%2Fevil.example')
    await waitFor(() => expect(second.history.location.pathname).toBe('/login'))
    expect(second.history.location.search).toBe('')
  })
})
