import { siteConfig } from './site-config'

/** A page's document title: '{page} | {short brand}', or the brand alone where there is no page name. */
export function documentTitle(page?: string): string {
  return page ? `${page} | ${siteConfig.shortName}` : siteConfig.name
}

/** The brand's description, for pages that have none of their own (the app shell's, as in index.html). */
export function brandDescription(): string {
  return `${siteConfig.name}: warm, safe, playful day care for babies and young children. Open ${siteConfig.openingHours}.`
}

/** A route's head(): its document title and, where it has one, its description. */
export function pageHead(title: string, description?: string) {
  return { meta: description ? [{ title }, { name: 'description', content: description }] : [{ title }] }
}
