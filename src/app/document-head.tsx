// Each route's title and description (its head()), which React puts in the document's <head>. The page
// arrives with its own already: a prerendered marketing page with the same ones (the prerenderer reads
// the same head()), the app shell with the brand's. Those serve until the app has hydrated; then the
// route's own take over, rendered only on the client so they never enter the prerendered markup.
import { HeadContent } from '@tanstack/react-router'
import { useEffect } from 'react'

const arrivedWith =
  typeof document === 'undefined'
    ? []
    : [...document.head.querySelectorAll('title, meta[name="description"]')]

/** Rendered only on the client (the root layout wraps it in <ClientOnly>). */
export function DocumentHead() {
  useEffect(() => {
    for (const element of arrivedWith) element.remove()
  }, [])
  return <HeadContent />
}
