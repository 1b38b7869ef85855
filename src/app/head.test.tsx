// Every route names its page through head(): the browser shows its title (<HeadContent />).
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { renderRoute } from '#testing/screens/render-route'

describe('page heads in the browser', () => {
  it('shows the title of the screen in the browser, app screens and the not-found page included', async () => {
    const backend = createFakeBackend()
    backend.auth.startSignedInAs({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' })
    const { router } = renderRoute('/login', { backend })
    await waitFor(() => expect(document.title).toBe('Sign In | Sunbeam'))
    await router.navigate({ to: '/profile' })
    await screen.findByRole('heading', { name: 'My Profile' })
    await waitFor(() => expect(document.title).toBe('My Profile | Sunbeam'))
    await router.navigate({ to: '/edit-kid/$kidId', params: { kidId: 'abc' } })
    await waitFor(() => expect(document.title).toBe('Edit Your Child Info | Sunbeam'))
    await router.navigate({ to: '/about' })
    await waitFor(() => expect(document.title).toBe('About Us | Sunbeam'))
    await router.navigate({ href: '/nowhere' })
    await waitFor(() => expect(document.title).toBe('Sunbeam Day Care & Baby Care'))
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
  })

  it("gives every page one description: its own, or the brand's where it has none", async () => {
    const backend = createFakeBackend()
    const { router } = renderRoute('/login', { backend })
    const descriptions = () =>
      [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content'))
    await waitFor(() =>
      expect(descriptions()).toEqual([
        'Sunbeam Day Care & Baby Care: warm, safe, playful day care for babies and young children. Open Mon-Fri 9.00-17.00.',
      ]),
    )
    await router.navigate({ to: '/about' })
    await waitFor(() =>
      expect(descriptions()).toEqual([
        'Meet Sunbeam Day Care & Baby Care: our story, our services from baby sitting to a full time nanny, and why daycare is great for kids.',
      ]),
    )
  })
})
