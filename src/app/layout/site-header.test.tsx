import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '#shared/config/site-config'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'

// The header as the app shows it: in the root layout, on the real pages.
async function renderHeader(path = '/') {
  const view = renderRoute(path, { backend: createFakeBackend() })
  await screen.findByRole('heading', { level: 1 })
  return view
}

// jsdom has no layout: the router's scroll reset would only log 'not implemented'.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
})

describe('SiteHeader', () => {
  it('shows hours, phone and e-mail as text and links Profile from the top bar', async () => {
    await renderHeader()
    const topBar = screen.getByRole('list', { name: 'Opening hours and contact' })
    expect(topBar).toHaveTextContent('Mon-Fri 9.00-17.00')
    expect(topBar).toHaveTextContent(siteConfig.phone)
    expect(topBar).toHaveTextContent(siteConfig.email)
    const profileLinks = screen.getAllByRole('link', { name: 'Profile' })
    expect(profileLinks.map((link) => link.getAttribute('href'))).toEqual(['/profile', '/profile'])
  })

  it('lists the seven menu links in the spec order with their targets', async () => {
    await renderHeader()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = Array.from(nav.querySelectorAll('a'))
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Pricing', '/pricing'],
      ['Team', '/team'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
      ['Profile', '/profile'],
    ])
  })

  it('opens the menu with the toggle, moves focus into it and closes it with Escape', async () => {
    const user = userEvent.setup()
    await renderHeader()
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', 'site-menu')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveTextContent('Close')
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'true')
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus()
    expect(document.documentElement).toHaveClass('menu-open')

    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
    expect(document.documentElement).not.toHaveClass('menu-open')
  })

  it('closes the menu when a link is clicked, and the link navigates', async () => {
    const user = userEvent.setup()
    const { router } = await renderHeader()
    const toggle = screen.getByRole('button', { name: 'Menu' })
    await user.click(toggle)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const pricing = Array.from(nav.querySelectorAll('a')).find((a) => a.textContent === 'Pricing')
    if (!pricing) throw new Error('no Pricing link')
    await user.click(pricing)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument()
  })

  it('keeps Tab inside the open menu: from the last link back to the toggle, and Shift+Tab back', async () => {
    const user = userEvent.setup()
    await renderHeader()
    const toggle = screen.getByRole('button', { name: 'Menu' })
    await user.click(toggle)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = Array.from(nav.querySelectorAll('a'))
    links.at(-1)?.focus()
    await user.tab()
    expect(toggle).toHaveFocus()
    await user.tab({ shift: true })
    expect(links.at(-1)).toHaveFocus()
  })

  it('marks the current page in the menu', async () => {
    await renderHeader('/team')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const current = nav.querySelector('[aria-current="page"]')
    expect(current).toHaveTextContent('Team')
  })
})
