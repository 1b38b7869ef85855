// Titles and descriptions of the marketing pages, for their routes' head(): the browser shows them
// through <HeadContent />, and the prerenderer writes them (with Open Graph tags) into each page's HTML.
import { documentTitle, pageHead } from '../shared/config/document-title'
import { siteConfig } from '../shared/config/site-config'
import { type BlogPostSummary, blogPosts } from './content/blog-posts'

/** Every marketing page, prerendered to HTML, precached by the service worker and listed in the sitemap. */
export const marketingPaths: readonly string[] = [
  '/',
  '/about',
  '/pricing',
  '/team',
  '/blog',
  ...blogPosts.map((post) => `/blog/${post.id}`),
  '/contact',
]

export type MarketingPath = '/' | '/about' | '/pricing' | '/team' | '/blog' | '/contact'

const pages: Readonly<Record<MarketingPath, { readonly title: string; readonly description: string }>> = {
  '/': {
    title: `${siteConfig.name} | Warm Day Care for Little Ones`,
    description: `${siteConfig.name} in ${siteConfig.address}: warm, safe and playful day care for babies and young children, with healthy meals, qualified teachers and daily plans. Open ${siteConfig.openingHours}.`,
  },
  '/about': {
    title: documentTitle('About Us'),
    description: `Meet ${siteConfig.name}: our story, our services from baby sitting to a full time nanny, and why daycare is great for kids.`,
  },
  '/pricing': {
    title: documentTitle('Daycare Plans and Pricing'),
    description: `Monthly, weekly and daily daycare plans at ${siteConfig.shortName}, each with 9am-3pm care, 3 meals a day, science classes and 2 educators.`,
  },
  '/team': {
    title: documentTitle('Our Team'),
    description: `The caring, qualified teachers who look after your children every day at ${siteConfig.name}.`,
  },
  '/blog': {
    title: documentTitle('Blog'),
    description: `Tips from the ${siteConfig.shortName} teachers for parents of babies and young children: settling in, lunches, play, sleep and reading.`,
  },
  '/contact': {
    title: documentTitle('Contact Us'),
    description: `Call ${siteConfig.phone}, e-mail ${siteConfig.email} or visit us at ${siteConfig.address}. Send us a quick inquiry about a place for your child.`,
  },
}

export function marketingHead(path: MarketingPath) {
  const page = pages[path]
  return pageHead(page.title, page.description)
}

export function blogPostHead(post: BlogPostSummary) {
  return pageHead(
    documentTitle(post.title),
    `${post.excerpt} ${post.title}, on the ${siteConfig.shortName} blog.`,
  )
}

/** The public address of the site, for canonical links, Open Graph and the sitemap (set VITE_SITE_URL). */
export const siteUrl: string = (
  import.meta.env.VITE_SITE_URL?.trim() || 'https://sunbeam-daycare.example'
).replace(/\/+$/, '')

declare global {
  interface ImportMetaEnv {
    /** The site's public origin, e.g. https://sunbeam.example (no trailing slash needed). */
    readonly VITE_SITE_URL?: string
  }
}
