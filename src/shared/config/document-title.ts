import { siteConfig } from './site-config'

/** A page's document title: '{page} | {short brand}', or the brand alone where there is no page name. */
export function documentTitle(page?: string): string {
  return page ? `${page} | ${siteConfig.shortName}` : siteConfig.name
}

/** A route's head(): its document title and, where it has one, its description. */
export function pageHead(title: string, description?: string) {
  return { meta: description ? [{ title }, { name: 'description', content: description }] : [{ title }] }
}
