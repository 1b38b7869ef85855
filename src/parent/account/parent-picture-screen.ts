// The live 'My Profile' and the parent's picture of it (docs/decisions/0033-parent-picture-first-paint.md):
// - takeover: the painter (paint-parent-picture.ts) drew the picture and hid #root; once the live screen
//   shows the same thing (its photos and the centre's words in too), the picture goes and #root shows, in
//   one frame. Live data that differs wins at most 0.6 s after the live screen first rendered. A
//   picture still waiting for its stylesheets gives way at once.
// - the picture is taken again from the live screen whenever it changes (and the page is at rest), for
//   the signed-in parent only, and removed from the device with the rest of the parent's data.
import {
  type ParentPicture,
  PICTURE_CONTROLS,
  PICTURE_ELEMENT_ID,
  PICTURE_STATE_ATTRIBUTE,
  PICTURE_TAP_ATTRIBUTE,
  PICTURE_TAP_EVENT,
  PICTURE_VERSION,
  type PictureNode,
  pictureNodeOf,
  forgetParentPictures as removePictures,
  samePicture,
  writePicture,
} from '#shared/device/parent-picture'

/**
 * The longest the live screen waits, hidden, for its data to match the picture's. The promise is that
 * live data wins within a second of arriving; when it is already in the live screen's first render (the
 * server answered first), the wait is all of it, and a timer on a busy phone fires late: 0.6 s leaves
 * that room. In the traced start a match (its photos read from the device) came 0.3 s after it.
 */
export const TAKEOVER_MS = 600
/** How long the live screen rests before it is taken again (a burst of changes is one write). */
const CAPTURE_AFTER_MS = 400
/** The cover photos' small copies: CSS draws them at 72 px. */
const COVER_PX = 96

/** The parts of the page a picture holds, in #root or in the painter's frame. */
const PICTURED = ':scope > .skip-link, :scope > header.site-header, :scope > main'

export function pictureNodes(
  container: Element,
  options?: Parameters<typeof pictureNodeOf>[1],
): PictureNode[] {
  return [...container.querySelectorAll(PICTURED)].flatMap((element) => {
    const node = pictureNodeOf(element, options)
    return node === null ? [] : [node]
  })
}

/** The controls of the pictured parts, in document order: the painter numbers the picture's the same way. */
function pictureControls(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(PICTURE_CONTROLS)].filter((control) => {
    const part = control.closest(PICTURED.replaceAll(':scope > ', ''))
    return part !== null && part.parentElement === container
  })
}

/** The control pressed on the picture, as the painter noted it: [index, tag, text]. */
function tapOn(frame: Element): readonly [number, string, string] | null {
  try {
    const tap: unknown = JSON.parse(frame.getAttribute(PICTURE_TAP_ATTRIBUTE) ?? 'null')
    if (
      Array.isArray(tap) &&
      typeof tap[0] === 'number' &&
      typeof tap[1] === 'string' &&
      typeof tap[2] === 'string'
    )
      return [tap[0], tap[1], tap[2]]
  } catch {
    // Not the painter's: no tap.
  }
  return null
}

/**
 * Presses on the live page the control pressed on the picture, when the live page has the same one
 * there (its tag and words): a changed page (an offer withdrawn meanwhile) presses nothing.
 */
function pressAgain(tap: readonly [number, string, string], root: Element): void {
  const [index, tag, text] = tap
  const control = pictureControls(root)[index]
  if (control?.tagName === tag && (control.textContent ?? '').trim() === text) control.click()
}

function liveRoot(): HTMLElement | null {
  return document.getElementById('root')
}

/** Removes the picture and shows the live page, in one step: the next frame is the live page. */
export function showLivePage(): void {
  document.getElementById(PICTURE_ELEMENT_ID)?.remove()
  const html = document.documentElement
  if (html.hasAttribute(PICTURE_STATE_ATTRIBUTE)) html.setAttribute(PICTURE_STATE_ATTRIBUTE, 'gone')
  liveRoot()?.style.removeProperty('display')
}

/**
 * Called once the live 'My Profile' has rendered (hidden while the picture is up): hands the screen to it
 * as soon as it matches the picture, at the latest after `ms`.
 */
export function takeOverFromPicture(ms = TAKEOVER_MS): () => void {
  const html = document.documentElement
  const frame = document.getElementById(PICTURE_ELEMENT_ID)
  const root = liveRoot()
  if (html.getAttribute(PICTURE_STATE_ATTRIBUTE) !== 'shown' || !frame || !root) {
    // No picture, or one still waiting for its stylesheets: the live screen is first, the painter gives way.
    showLivePage()
    return () => undefined
  }
  // Marks for the cold start's trace (scripts/cold-start-trace.mjs): the live screen's arrival, its takeover.
  performance.mark('sunbeam:live-rendered')
  const pictured = pictureNodes(frame)
  let frameRequest = 0
  let matched = false
  const check = () => {
    frameRequest = 0
    if (matched || !samePicture(pictured, pictureNodes(root))) return
    matched = true
    // Its photos decoded first, so that the frame that shows the live page has them (no blank frame):
    // through a copy, as an image under the hidden #root is decoded only once shown. At most 100 ms.
    const photos = [...root.querySelectorAll('img')].map((image) => {
      const copy = new Image()
      copy.src = image.currentSrc || image.src
      return typeof copy.decode === 'function' ? copy.decode().catch(() => undefined) : undefined
    })
    const bound = new Promise((resolve) => setTimeout(resolve, 100))
    void Promise.race([Promise.all(photos), bound]).then(() => {
      frameRequest = requestAnimationFrame(done)
    })
  }
  // Compared at most once a frame, just before it is drawn: a match hands over in that same frame.
  const schedule = () => {
    if (!frameRequest) frameRequest = requestAnimationFrame(check)
  }
  const observer = new MutationObserver(schedule)
  const timer = setTimeout(() => done(), ms)
  let finished = false
  function done() {
    // Once: the bound, the matched frame, a tap and the screen's unmounting may each call it.
    if (finished) return
    finished = true
    const tap = frame ? tapOn(frame) : null
    performance.mark('sunbeam:picture-replaced', {
      detail: tap ? 'a tap' : matched ? 'matched' : 'after the bound',
    })
    observer.disconnect()
    clearTimeout(timer)
    cancelAnimationFrame(frameRequest)
    root?.removeEventListener('load', schedule, true)
    frame?.removeEventListener(PICTURE_TAP_EVENT, done)
    showLivePage()
    if (tap && root) pressAgain(tap, root)
  }
  // A parent who pressed something on the picture is not kept waiting for the photos to match.
  if (tapOn(frame)) {
    done()
    return done
  }
  frame.addEventListener(PICTURE_TAP_EVENT, done)
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  // A photo that finishes loading changes no markup, only what the comparison sees.
  root.addEventListener('load', schedule, true)
  check()
  return done
}

/** A small JPEG of a photo shown on the screen, made once per address (null until it has loaded). */
function coverMaker(): (image: HTMLImageElement) => string | null {
  const made = new Map<string, string | null>()
  return (image) => {
    const src = image.currentSrc || image.src
    if (made.has(src)) return made.get(src) ?? null
    if (!image.complete || image.naturalWidth === 0) return null
    let copy: string | null = null
    try {
      const size = Math.round(COVER_PX * Math.min(2, window.devicePixelRatio || 1))
      const canvas = document.createElement('canvas')
      canvas.width = size
      canvas.height = size
      const side = Math.min(image.naturalWidth, image.naturalHeight)
      canvas
        .getContext('2d')
        ?.drawImage(
          image,
          (image.naturalWidth - side) / 2,
          (image.naturalHeight - side) / 2,
          side,
          side,
          0,
          0,
          size,
          size,
        )
      copy = canvas.toDataURL('image/jpeg', 0.7)
    } catch {
      // No canvas here (or the photo cannot be read): the picture shows the photo's frame only.
    }
    made.set(src, copy)
    return copy
  }
}

/** The app's entry script, as the painter reads it from the app shell. */
function entryScript(): string {
  const scripts = document.querySelectorAll('script[type="module"][src]')
  return scripts[scripts.length - 1]?.getAttribute('src') ?? ''
}

/**
 * Whether the page is as a parent left it: no question, menu or edit open, nothing chosen from a card,
 * nothing still loading (a picture saying 'Loading your notices…' would be painted at the next start, and
 * the live page, which knows them by then, would never match it: decision 0098).
 */
function atRest(): boolean {
  return (
    location.pathname === '/profile' &&
    !location.search &&
    !document.documentElement.classList.contains('menu-open') &&
    !document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]') &&
    !document.querySelector('#root main input:not([readonly])') &&
    !document.querySelector('#root main [aria-busy="true"]') &&
    document.querySelector('#root main .profile-page') !== null
  )
}

const followers = new Set<() => void>()

/**
 * Takes the picture of the live screen for `uid` whenever it changes, while `signedIn(uid)` holds. The
 * returned function stops it (the screen is left).
 */
export function keepParentPicture(uid: string, signedIn: () => boolean): () => void {
  const root = liveRoot()
  if (!root) return () => undefined
  const coverOf = coverMaker()
  let last = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const take = () => {
    clearTimeout(timer)
    timer = undefined
    if (!signedIn() || !atRest() || document.getElementById(PICTURE_ELEMENT_ID)) return
    const picture: ParentPicture = {
      v: PICTURE_VERSION,
      uid,
      entry: entryScript(),
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .map((link) => link.getAttribute('href') ?? '')
        .filter((href) => href.startsWith('/assets/')),
      nodes: pictureNodes(root, { coverOf }),
    }
    const text = JSON.stringify(picture)
    if (text === last) return
    if (writePicture(picture)) last = text
  }
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(take, CAPTURE_AFTER_MS)
  }
  // The app may be closed before the screen rests: take it as the page goes.
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) take()
  }
  const observer = new MutationObserver(later)
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  root.addEventListener('load', later, true)
  document.addEventListener('visibilitychange', onHidden)
  later()
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    root.removeEventListener('load', later, true)
    document.removeEventListener('visibilitychange', onHidden)
    followers.delete(stop)
  }
  followers.add(stop)
  return stop
}

/**
 * Removes every parent's picture from the device and from the screen, and stops taking new ones for the
 * session that ends (sign-out, a refused session, a deleted account).
 */
export function forgetParentPictures(): void {
  for (const stop of [...followers]) stop()
  removePictures()
  showLivePage()
}
