import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'
import { watchForText } from '#testing/watch-for-text'
import { accountMessages } from './account-messages'

async function signedInAtProfile() {
  const backend = createFakeBackend()
  backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada Lovelace')
  await backend.auth.signIn('ada@example.com', 'correct-horse')
  backend.auth.calls.signIn.length = 0
  const view = renderRoute('/profile', { backend })
  await screen.findByRole('heading', { name: 'My Profile' })
  return { ...view, backend, user: userEvent.setup() }
}

describe('/profile guard', () => {
  it('shows a loader while the signed-in state is pending', async () => {
    const backend = createFakeBackend()
    backend.auth.stayPending()
    renderRoute('/profile', { backend })
    expect(await within(await screen.findByRole('main')).findByRole('status')).toHaveTextContent(
      'Checking that you are signed in…',
    )
    expect(screen.queryByRole('heading', { name: 'My Profile' })).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login and back to /profile after signing in', async () => {
    const backend = createFakeBackend()
    backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
    const { history } = renderRoute('/profile', { backend })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/login')
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/profile')

    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/profile')
  })
})

describe('/profile', () => {
  it('shows My Profile, Logout, read-only Personal Details and the Add your child link', async () => {
    await signedInAtProfile()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Personal Details' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add your child' })).toHaveAttribute('href', '/add-kid')
  })

  it("'change' makes the name editable and turns into 'done'", async () => {
    const { user } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    expect(screen.getByRole('button', { name: 'done' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'change' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly')
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus())
    // The e-mail is the sign-in identity and stays read-only.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
  })

  it("Escape cancels the name's change: the saved name back, nothing saved, focus on 'change'", async () => {
    const { user } = await signedInAtProfile()
    screen.getByRole('button', { name: 'change' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus())
    await user.keyboard('{Control>}a{/Control}Grace Hopper')
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper')
    await user.keyboard('{Escape}')
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly')
    await waitFor(() => expect(screen.getByRole('button', { name: 'change' })).toHaveFocus())
    expect(screen.queryByText(/kept on this device|has been saved/i)).not.toBeInTheDocument()
  })

  it("'done' without a change saves nothing", async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly')
    expect(backend.auth.calls.updateName).toEqual([])
  })

  it("'done' with only spaces added around the name saves nothing", async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.type(screen.getByLabelText('Name'), '  ')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(backend.auth.calls.updateName).toEqual([])
  })

  it("'done' with a new name saves it once, to the auth profile and users/{uid}", async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Ada King')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Ada King')
    expect(backend.auth.calls.updateName).toEqual(['Ada King'])
    expect(backend.auth.current()?.displayName).toBe('Ada King')

    // A second change/done round without edits saves nothing more.
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(backend.auth.calls.updateName).toEqual(['Ada King'])
  })

  it('says a new name is kept on this device while the server does not answer, then that it is saved', async () => {
    const { user, backend } = await signedInAtProfile()
    backend.auth.server.hold()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Ada King')
    await user.click(screen.getByRole('button', { name: 'done' }))
    const status = within(await screen.findByRole('region', { name: 'Personal Details' })).getByRole('status')
    await waitFor(() => expect(status).toHaveTextContent(accountMessages.nameKept))
    expect(status).not.toHaveTextContent(accountMessages.nameSaved)
    expect(backend.auth.server.waiting()).toBe(1)

    backend.auth.server.answer()
    await waitFor(() => expect(status).toHaveTextContent(accountMessages.nameSaved))
    expect(status).not.toHaveTextContent(accountMessages.nameKept)
  })

  it('says the name is saved once the server answers at once', async () => {
    const { user } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.type(screen.getByLabelText('Name'), ' II')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByText(accountMessages.nameSaved)).toBeInTheDocument()
  })

  it("says 'Could not update profile details' when the server refuses the name kept on the device", async () => {
    const { user, backend } = await signedInAtProfile()
    backend.auth.server.hold()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.type(screen.getByLabelText('Name'), ' II')
    await user.click(screen.getByRole('button', { name: 'done' }))
    await screen.findByText(accountMessages.nameKept)
    backend.auth.server.refuse()
    expect(await screen.findByText('Could not update profile details')).toBeInTheDocument()
    expect(screen.queryByText(accountMessages.nameKept)).not.toBeInTheDocument()
  })

  it('Enter in the name field works like done', async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Ada B{Enter}')
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(backend.auth.calls.updateName).toEqual(['Ada B'])
  })

  it('is busy while saving the name', async () => {
    const { user, backend } = await signedInAtProfile()
    const held = backend.auth.hold('updateName')
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.type(screen.getByLabelText('Name'), ' II')
    await user.click(screen.getByRole('button', { name: 'done' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'done' })).toBeDisabled())
    held.release()
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
  })

  it("says 'Could not update profile details' when saving fails, and keeps the new name to retry", async () => {
    const { user, backend } = await signedInAtProfile()
    backend.auth.failNext('updateName')
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Ada King')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByText('Could not update profile details')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'done' })).toBeEnabled()
    expect(screen.getByLabelText('Name')).toHaveValue('Ada King')

    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(backend.auth.calls.updateName).toEqual(['Ada King', 'Ada King'])
  })

  it('holds a new name to 80 characters as the record counts them: 80 emoji fit, no more', async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    const name = screen.getByLabelText('Name')
    expect(name).not.toHaveAttribute('maxlength')
    fireEvent.change(name, { target: { value: '' } })
    fireEvent.change(name, { target: { value: '🌴'.repeat(81) } })
    expect(name).toHaveValue('🌴'.repeat(80))
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(await screen.findByRole('button', { name: 'change' })).toBeInTheDocument()
    expect(backend.auth.calls.updateName).toEqual(['🌴'.repeat(80)])
  })

  it('refuses an empty name', async () => {
    const { user, backend } = await signedInAtProfile()
    await user.click(screen.getByRole('button', { name: 'change' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(backend.auth.calls.updateName).toEqual([])
  })

  it("Logout signs out, says 'Signed out successfully' and goes to /, never through the sign-in loader", async () => {
    const { user, backend, history } = await signedInAtProfile()
    const loaderSeen = watchForText('Checking that you are signed in')
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A Warm Nursing Environment' }),
    ).toBeInTheDocument()
    expect(history.location.pathname).toBe('/')
    expect(backend.auth.calls.signOut).toBe(1)
    expect(backend.auth.current()).toBeNull()
    expect(loaderSeen(), 'the sign-in loader while signing out').toBe(false)
  })

  it('goes to /login when signed out elsewhere (another tab)', async () => {
    const { backend, history } = await signedInAtProfile()
    await backend.auth.signOut()
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/login')
  })
})

describe('/profile: confirming the e-mail address', () => {
  async function newParentAtProfile() {
    const backend = createFakeBackend()
    await backend.auth.signUp('Ada Lovelace', 'ada@example.com', 'correct-horse')
    renderRoute('/profile', { backend })
    await screen.findByRole('heading', { name: 'My Profile' })
    return { backend, user: userEvent.setup() }
  }

  it('a new parent was sent the link at sign-up, and can ask for it again', async () => {
    const { backend, user } = await newParentAtProfile()
    expect(backend.auth.calls.sendEmailVerification).toEqual(['ada@example.com'])
    expect(await screen.findByText(accountMessages.verifyEmail('ada@example.com'))).toBeInTheDocument()
    // Nothing is blocked meanwhile.
    expect(screen.getByRole('link', { name: 'Add your child' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resend' }))
    expect(await screen.findByText(accountMessages.verificationSent('ada@example.com'))).toBeInTheDocument()
    expect(backend.auth.calls.sendEmailVerification).toEqual(['ada@example.com', 'ada@example.com'])
  })

  it("'Resend' after the link was followed says the address is confirmed and sends nothing", async () => {
    const { backend, user } = await newParentAtProfile()
    await screen.findByText(accountMessages.verifyEmail('ada@example.com'))
    backend.auth.verify('ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Resend' }))
    expect(await screen.findByText(accountMessages.emailVerified)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument()
    expect(backend.auth.calls.sendEmailVerification).toEqual(['ada@example.com'])
  })

  it('says so when the e-mail could not be sent', async () => {
    const { backend, user } = await newParentAtProfile()
    await screen.findByText(accountMessages.verifyEmail('ada@example.com'))
    backend.auth.failNext('sendEmailVerification')
    await user.click(screen.getByRole('button', { name: 'Resend' }))
    expect(await screen.findByText(accountMessages.verificationFailed)).toBeInTheDocument()
  })

  it('a verified parent sees no note', async () => {
    await signedInAtProfile()
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument()
  })
})

describe("/profile: 'Your data' on how long records are kept", () => {
  it('says a place declined, withdrawn or never taken up is deleted after the centre’s period', async () => {
    await signedInAtProfile()
    const section = within(await screen.findByRole('region', { name: 'Your data' }))
    expect(
      section.getByText(
        "If a child's place is declined, withdrawn or never taken up, the child's record, photos, enrolment file and documents are deleted after the period the centre sets (180 days unless it sets another). You get a notice 30 days before.",
      ),
    ).toBeInTheDocument()
  })
})
