// The start-up script of every prerendered marketing page. The page is readable before any script runs,
// so its app (React and the router, about 95 kB gzip) starts once the first screen has loaded and
// painted, not alongside it: on a phone on mobile data that script would otherwise share the connection
// with the hero picture and the font. A first tap, key press or focus starts it at once, and it starts
// 4 s after the page was parsed whatever happens (a stalled picture must not keep the app away).
//
// The prerenderer copies this function's compiled code into each page as an inline module script, so
// it may use nothing from outside its own body. Its text does not change from build to build (the
// entry's address comes from a meta tag), so the Content-Security-Policy's hash of it stays valid.

/** The meta tag that names the entry module to start. */
export const APP_ENTRY_META = 'sunbeam-app-entry'

export function startAppAfterFirstScreen(): void {
  const startAtTheLatestMs = 4000
  const root = document.documentElement
  const entry = document.querySelector<HTMLMetaElement>('meta[name="sunbeam-app-entry"]')?.content
  let started = false
  const start = () => {
    if (started || !entry) return
    started = true
    void import(/* @vite-ignore */ entry)
  }
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(start)), { once: true })
  setTimeout(start, startAtTheLatestMs)
  for (const type of ['pointerdown', 'keydown', 'focusin'])
    addEventListener(type, start, { once: true, capture: true })
  // Chromium may offer installation before the app has started: keep the offer for the app's 'Install
  // app' button (src/pwa/install-prompt.ts picks it up).
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    Object.assign(window, { sunbeamInstallOffer: event })
  })
  // A button pressed before the app has hydrated (the phone menu, a form's Send) does nothing yet, and
  // a form would submit itself natively: hold the press, then press the button again once the app is
  // ready (the root layout sets data-app-ready after hydration, which keeps the same DOM nodes).
  let pressed: HTMLButtonElement | null = null
  addEventListener(
    'click',
    (event) => {
      const button =
        !root.dataset.appReady && event.target instanceof Element ? event.target.closest('button') : null
      if (!button) return
      event.preventDefault()
      pressed = button
      start()
    },
    true,
  )
  new MutationObserver((_, observer) => {
    if (!root.dataset.appReady) return
    observer.disconnect()
    if (pressed?.isConnected) pressed.click()
  }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] })
}

/** The inline script's code: the function above, called (its name, which the minifier picks, left out). */
export const appStarterScript = `(${startAppAfterFirstScreen.toString().replace(/^function\s*[\w$]*\s*\(/, 'function(')})()`
