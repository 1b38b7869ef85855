// Titles and descriptions of every page. The prerenderer writes them (with Open Graph tags) into each
// marketing page's <head>; in the browser only the title changes on navigation, so the descriptions
// stay out of the client bundle (pageTitle does not reference them).
import { siteConfig } from '../shared/config/site-config'
import { blogPosts } from './content/blog-posts'

export interface PageMeta {
  readonly title: string
  readonly description: string
}

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

const titles: Readonly<Record<string, string>> = {
  '/about': 'About Us',
  '/pricing': 'Daycare Plans and Pricing',
  '/team': 'Our Team',
  '/blog': 'Blog',
  '/contact': 'Contact Us',
  '/login': 'Sign In',
  '/sign-in': 'Sign In',
  '/signup': 'Sign Up',
  '/profile': 'My Profile',
  '/add-kid': 'Add Your Child',
}

const descriptions: Readonly<Record<string, string>> = {
  '/': `${siteConfig.name} in ${siteConfig.address}: warm, safe and playful day care for babies and young children, with healthy meals, qualified teachers and daily plans. Open ${siteConfig.openingHours}.`,
  '/about': `Meet ${siteConfig.name}: our story, our services from baby sitting to a full time nanny, and why daycare is great for kids.`,
  '/pricing': `Monthly, weekly and daily daycare plans at ${siteConfig.shortName}, each with 9am-3pm care, 3 meals a day, science classes and 2 educators.`,
  '/team': `The caring, qualified teachers who look after your children every day at ${siteConfig.name}.`,
  '/blog': `Tips from the ${siteConfig.shortName} teachers for parents of babies and young children: settling in, lunches, play, sleep and reading.`,
  '/contact': `Call ${siteConfig.phone}, e-mail ${siteConfig.email} or visit us at ${siteConfig.address}. Send us a quick inquiry about a place for your child.`,
  '/login': `Sign in to your ${siteConfig.shortName} parent account to manage your children's daycare registrations.`,
  '/signup': `Create a ${siteConfig.shortName} parent account to register your child for a daycare plan.`,
}

/** '/about/' and '/about' are the same page. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

function blogPost(pathname: string) {
  const match = /^\/blog\/([^/]+)$/.exec(pathname)
  return match ? blogPosts.find((post) => post.id === match[1]) : undefined
}

/** The document title of a page: '{page} | {brand}', the brand alone on the home page. */
export function pageTitle(pathname: string): string {
  const path = normalise(pathname)
  if (path === '/') return `${siteConfig.name} | Warm Day Care for Little Ones`
  const page = blogPost(path)?.title ?? titles[path] ?? titleOfAppPath(path)
  return page ? `${page} | ${siteConfig.shortName}` : siteConfig.name
}

function titleOfAppPath(path: string): string | undefined {
  if (path.startsWith('/edit-kid/')) return 'Edit Your Child Info'
  if (path.startsWith('/kid/')) return 'Child Details'
  return undefined
}

/** Title and description, as the prerenderer puts them in <head>. */
export function pageMeta(pathname: string): PageMeta {
  const path = normalise(pathname)
  const post = blogPost(path)
  return {
    title: pageTitle(path),
    description: post
      ? `${post.excerpt} ${post.title}, on the ${siteConfig.shortName} blog.`
      : (descriptions[path] ?? descriptions['/'] ?? ''),
  }
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
