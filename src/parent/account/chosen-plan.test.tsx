// 'Choose Plan' (a plan card, on / and /pricing) leads to /profile with the plan; a signed-out visitor
// goes through sign-in or sign-up and back there, and 'Add your child' opens the form with that plan.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'

type User = ReturnType<typeof userEvent.setup>

async function addYourChild(user: User) {
  await user.click(await screen.findByRole('link', { name: 'Add your child' }))
  await screen.findByRole('heading', { name: 'Add Your Child Info' })
  return screen.getByLabelText('Plan')
}

describe("'Choose Plan'", () => {
  it('leads each plan card to /profile with its plan', async () => {
    renderRoute('/pricing', { backend: createFakeBackend() })
    const links = await screen.findAllByRole('link', { name: 'Choose Plan' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profile?plan=Monthly',
      '/profile?plan=Weekly',
      '/profile?plan=Daily',
    ])
  })

  it('carries the plan through Sign In, then Sign Up, to the add form, preselected', async () => {
    const backend = createFakeBackend()
    const { history } = renderRoute('/profile?plan=Weekly', { backend })
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Sign In' })
    await user.click(screen.getAllByRole('link', { name: 'Sign Up' })[0] as HTMLElement)
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper')
    await user.type(screen.getByLabelText('Email'), 'grace@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign Up Now' }))
    await screen.findByRole('heading', { name: 'My Profile' })
    expect(history.location.pathname).toBe('/profile')
    expect(await addYourChild(user)).toHaveValue('Weekly')
    expect(history.location.search).toBe('?plan=Weekly')
  })

  it('carries the plan through Sign In to the add form, preselected', async () => {
    const backend = createFakeBackend()
    backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
    renderRoute('/profile?plan=Daily', { backend })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct-horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await screen.findByRole('heading', { name: 'My Profile' })
    expect(await addYourChild(user)).toHaveValue('Daily')
  })

  it('tells a parent already signed in which plan they chose, with Add your child for it', async () => {
    const backend = createFakeBackend()
    backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
    await backend.auth.signIn('ada@example.com', 'correct-horse')
    renderRoute('/profile?plan=Weekly', { backend })
    const notice = await screen.findByRole('region', { name: 'You chose the Weekly Plan' })
    const add = within(notice).getByRole('link', { name: 'Add your child' })
    expect(add).toHaveAttribute('href', '/add-kid?plan=Weekly')
    // One 'Add your child' on the page: the one with the plan.
    expect(screen.getAllByRole('link', { name: 'Add your child' })).toEqual([add])
    expect(await addYourChild(userEvent.setup())).toHaveValue('Weekly')
  })

  it("keeps the form's default plan (Monthly) when no plan, or an unknown one, was chosen", async () => {
    for (const path of ['/profile', '/profile?plan=Yearly']) {
      const backend = createFakeBackend()
      backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
      await backend.auth.signIn('ada@example.com', 'correct-horse')
      const view = renderRoute(path, { backend })
      await screen.findByRole('heading', { name: 'My Profile' })
      expect(screen.getByRole('link', { name: 'Add your child' })).toHaveAttribute('href', '/add-kid')
      expect(await addYourChild(userEvent.setup())).toHaveValue('Monthly')
      view.unmount()
    }
  })
})
