// Titles and descriptions of the marketing pages, for their routes' head(): the prerenderer writes both
// (with Open Graph tags) into each page's HTML; the browser shows the title through <HeadContent />.
// Route heads are in every page's first load: this module keeps to the words (no post list here).
import { documentTitle, pageHead } from '#shared/config/document-title'
import { siteConfig } from '#shared/config/site-config'
import type { BlogPostSummary } from './content/blog-posts'

export type MarketingPath = '/' | '/about' | '/pricing' | '/team' | '/blog' | '/contact'

const titles: Readonly<Record<MarketingPath, string>> = {
  '/': `${siteConfig.name} | Warm Day Care for Little Ones`,
  '/about': documentTitle('About Us'),
  '/pricing': documentTitle('Daycare Plans and Pricing'),
  '/team': documentTitle('Our Team'),
  '/blog': documentTitle('Blog'),
  '/contact': documentTitle('Contact Us'),
}

// In the browser too: after hydration the route's head replaces the one the page arrived with, and a
// crawler that runs the script should still read the page's own description (about 0.5 kB gzip).
const descriptions: Readonly<Record<MarketingPath, string>> = {
  '/': `${siteConfig.name} in ${siteConfig.address}: warm, safe and playful day care for babies and young children, with healthy meals, qualified teachers and daily plans. Open ${siteConfig.openingHours}.`,
  '/about': `Meet ${siteConfig.name}: our story, our services from baby sitting to a full time nanny, and why daycare is great for kids.`,
  '/pricing': `Monthly, weekly and daily daycare plans at ${siteConfig.shortName}, each with 9am-3pm care, 3 meals a day, science classes and 2 educators.`,
  '/team': `The caring, qualified teachers who look after your children every day at ${siteConfig.name}.`,
  '/blog': `Tips from the ${siteConfig.shortName} teachers for parents of babies and young children: settling in, lunches, play, sleep and reading.`,
  '/contact': `Call ${siteConfig.phone}, e-mail ${siteConfig.email} or visit us at ${siteConfig.address}. Send us a quick inquiry about a place for your child.`,
}

export function marketingHead(path: MarketingPath) {
  return pageHead(titles[path], descriptions[path])
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
