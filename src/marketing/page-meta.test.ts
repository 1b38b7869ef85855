import { describe, expect, it } from 'vitest'
import { blogPosts } from './content/blog-posts'
import { marketingPaths, pageMeta, pageTitle } from './page-meta'

describe('page titles and descriptions', () => {
  it('gives every marketing page its own title and a description', () => {
    const titles = marketingPaths.map(pageTitle)
    expect(new Set(titles).size).toBe(marketingPaths.length)
    for (const path of marketingPaths) {
      const { title, description } = pageMeta(path)
      expect(title).toMatch(/Sunbeam/)
      expect(description.length, path).toBeGreaterThan(50)
      expect(description.length, path).toBeLessThan(200)
    }
  })

  it('titles a blog post after the post, and /about/ like /about', () => {
    const post = blogPosts[2]
    expect(pageTitle(`/blog/${post?.id}`)).toBe(`${post?.title} | Sunbeam`)
    expect(pageTitle('/about/')).toBe('About Us | Sunbeam')
  })

  it('lists the marketing routes of the spec, blog posts 1 to 6 included', () => {
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

  it('titles app screens too, and falls back to the brand', () => {
    expect(pageTitle('/login')).toBe('Sign In | Sunbeam')
    expect(pageTitle('/edit-kid/abc')).toBe('Edit Your Child Info | Sunbeam')
    expect(pageTitle('/nowhere')).toBe('Sunbeam Day Care & Baby Care')
  })
})
