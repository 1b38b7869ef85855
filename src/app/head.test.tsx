// Every route names its page through head(): the browser shows it (<HeadContent />), and the
// prerenderer writes the same title and description into each marketing page's HTML.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { blogPosts } from '../marketing/content/blog-posts'
import { marketingPaths } from '../marketing/page-meta'
import { createFakeBackend } from '../shared/backend/testing/fake-backend'
import { renderPage, shellHead } from './entry-prerender'
import { renderRoute } from './testing/render-route'

describe('page heads', () => {
  it('gives every marketing page its own title and a description', async () => {
    const heads = await Promise.all(marketingPaths.map((path) => renderPage(path)))
    expect(new Set(heads.map((head) => head.title)).size).toBe(marketingPaths.length)
    for (const [index, head] of heads.entries()) {
      const path = marketingPaths[index]
      expect(head.statusCode, path).toBe(200)
      expect(head.title, path).toMatch(/Sunbeam/)
      expect(head.description.length, path).toBeGreaterThan(50)
      expect(head.description.length, path).toBeLessThan(200)
    }
  })

  it('titles a blog post after the post, and gives the app shell the brand and the home description', async () => {
    const post = blogPosts[2]
    expect((await renderPage(`/blog/${post?.id}`)).title).toBe(`${post?.title} | Sunbeam`)
    expect(shellHead.title).toBe('Sunbeam Day Care & Baby Care')
    expect(shellHead.description).toBe((await renderPage('/')).description)
  })

  it('lists the marketing routes of the product, blog posts 1 to 6 included', () => {
    expect(marketingPaths).toEqual([
      '/',
      '/about',
      '/pricing',
      '/team',
      '/blog',
      '/blog/1',
      '/blog/2',
      '/blog/3',
      '/blog/4',
      '/blog/5',
      '/blog/6',
      '/contact',
    ])
  })

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
})
