// @vitest-environment node
// The prerenderer, as the build runs it (in Node, import.meta.env.SSR): each marketing page's markup and
// the title and description its route's head() gives, which it writes into the page's HTML.
import { describe, expect, it } from 'vitest'
import { blogPosts } from '#marketing/content/blog-posts'
import { marketingPaths } from '#marketing/marketing-paths'
import { renderPage, shellHead } from './entry-prerender'

describe('prerendered heads', () => {
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
})
