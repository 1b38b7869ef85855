// Every marketing page: prerendered to HTML, precached by the service worker and listed in the sitemap.
import { blogPosts } from './content/blog-posts'

export const marketingPaths: readonly string[] = [
  '/',
  '/about',
  '/pricing',
  '/team',
  '/blog',
  ...blogPosts.map((post) => `/blog/${post.id}`),
  '/contact',
]
