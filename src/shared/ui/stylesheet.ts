// A lazily loaded stylesheet (a feature's own file, kept off the marketing pages), put in the page and
// awaited before the screen that needs it shows, so nothing is drawn unstyled and then moves. It carries
// React's `data-precedence`, so the component's own `<link rel="stylesheet" precedence="default">`
// finds it there (React adopts a stylesheet link already in the document) instead of adding a second.

const loading = new Map<string, Promise<void>>()

/** Resolves once the stylesheet at `href` has loaded (or failed: the screen then shows unstyled parts). */
export function loadStylesheet(href: string): Promise<void> {
  // No file to wait for (Vitest's stand-in for a `?url` import is empty).
  if (!href) return Promise.resolve()
  const known = loading.get(href)
  if (known) return known
  const done = new Promise<void>((resolve) => {
    const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (link) => link.getAttribute('href') === href,
    )
    if (present?.sheet) return resolve()
    const link = present ?? document.createElement('link')
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
    if (present) return
    link.rel = 'stylesheet'
    link.href = href
    link.dataset.precedence = 'default'
    document.head.append(link)
  })
  loading.set(href, done)
  return done
}
