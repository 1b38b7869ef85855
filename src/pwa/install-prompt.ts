// The browser's own install offer (Chromium's beforeinstallprompt), kept for an 'Install app' button,
// and the case where there is no such event: Safari on iPhone and iPad, where parents add the site to
// the home screen from the Share menu.

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

type Listener = () => void
let deferred: BeforeInstallPromptEvent | null = null
let listening = false
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

function listen() {
  if (listening || typeof window === 'undefined') return
  listening = true
  // An offer made before the app started, kept by a prerendered page's starter (scripts/prerender.mjs).
  const early = (window as Window & { sunbeamInstallOffer?: BeforeInstallPromptEvent }).sunbeamInstallOffer
  if (early) deferred = early
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our button instead of the browser's mini-infobar.
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    emit()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    emit()
  })
}

export function subscribeInstall(listener: Listener): () => void {
  listen()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function canInstall(): boolean {
  return deferred !== null
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function install(): Promise<void> {
  const offer = deferred
  if (!offer) return
  deferred = null
  emit()
  await offer.prompt()
  await offer.userChoice
}

/** Safari on iOS/iPadOS, not yet opened from the home screen: it has no install event. */
export function isIosSafariInBrowser(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent
  const iOS = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1)
  const safari = /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua)
  const standalone = (nav as Navigator & { standalone?: boolean }).standalone === true
  return iOS && safari && !standalone
}

const PAGES_VIEWED_KEY = 'sunbeam.pages-viewed'
let lastCounted: string | null = null

/**
 * Counts the pages a parent opens on this device (full loads and in-app navigations; the same page
 * twice in a row counts once). The install offer waits for the second: asking on the first page anyone
 * ever sees, before they have looked around, is pushy, and a card sliding in over the first screen is
 * the last thing that screen paints.
 */
export function notePageView(pathname: string): void {
  if (pathname === lastCounted) return
  lastCounted = pathname
  try {
    localStorage.setItem(PAGES_VIEWED_KEY, String(pagesViewed() + 1))
  } catch {
    // Storage full or blocked: the offer then waits for good, which is harmless.
  }
}

function pagesViewed(): number {
  try {
    return Number(localStorage.getItem(PAGES_VIEWED_KEY)) || 0
  } catch {
    return 0
  }
}

/** Whether the parent has seen enough of the site to be offered installation. */
export function readyForInstallOffer(): boolean {
  return pagesViewed() >= 2
}

/** The forms (sign in, sign up, a child's): the offer never shows there, where a parent is typing. */
const FORM_ROUTES = /^\/(?:login|signup|sign-in|add-kid|edit-kid\/[^/]+)\/?$/

/** Whether the install offer may show on this page. */
export function offersInstallOn(pathname: string): boolean {
  return !FORM_ROUTES.test(pathname)
}

/** For tests: forget the page last counted. */
export function resetPageViews(): void {
  lastCounted = null
}

// Listen from the start: the offer may come before any component subscribes.
listen()
