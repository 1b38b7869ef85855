import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * After every change of page: scroll to the top and move focus to the new page's
 * heading, so a screen reader announces where the visitor landed instead of staying on the link
 * they clicked in a menu that may no longer exist.
 */
export function useRouteChangeFocus(): void {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        // The first render (fromLocation unset, also after hydrating a prerendered page) keeps the
        // browser's own start: focus at the top of the document, where the skip link is.
        if (!event.fromLocation || !event.pathChanged) return
        window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
        focusPageHeading()
      }),
    [router],
  )
}

export function focusPageHeading(): void {
  const main = document.getElementById('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main
  if (!target) return
  // Headings are not focusable by default; -1 makes them focusable by script but not by Tab.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
}
