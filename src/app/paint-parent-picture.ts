// The painter: the app shell's inline script (at the top of its <head>, so that the stylesheets it
// waits for are asked for before the page's large inline stylesheet is parsed) that draws a returning parent's 'My Profile' from the
// picture this device keeps of it (src/shared/device/parent-picture.ts), before React and Firebase have
// loaded (docs/decisions/0033-parent-picture-first-paint.md). Only app-shell.html carries it (the
// prerenderer puts it there); the marketing pages never do.
//
// It draws only on /profile, only the picture of the parent this device says was signed in last
// (`sunbeam-parent`, src/firebase/remembered-parent.ts), only one taken with this version of the app,
// and only once every stylesheet the picture names has loaded (one that fails: no picture) and the font
// has loaded or 500 ms have passed. It hides the live page's #root meanwhile; the live screen takes over
// (src/parent/account/parent-picture-screen.ts) by removing the picture and showing #root in one frame, and if it
// is there first, the painter gives way.
//
// The prerenderer copies this function's compiled code into the page, so it uses nothing from outside
// its own body: the names below repeat parent-picture.ts's (a unit test holds them equal), and the
// filter of what it draws is passed in: the picture store's own (pictureKeeps), its code in the script,
// with the selector of what can be pressed (PICTURE_CONTROLS).

import { PICTURE_CONTROLS, pictureKeeps } from '#shared/device/parent-picture'

export function paintParentPicture(keeps: typeof pictureKeeps, controls: typeof PICTURE_CONTROLS): void {
  const html = document.documentElement
  // /profile as a returning parent opens it ('Choose Plan' adds ?plan=, and a section of its own).
  if (location.pathname !== '/profile' || location.search || html.hasAttribute('data-picture')) return
  type Node = string | [string, Record<string, string>, Node[]]
  let picture: { uid: unknown; v: unknown; entry: unknown; stylesheets: unknown; nodes: unknown }
  try {
    const parent = JSON.parse(localStorage.getItem('sunbeam-parent') || 'null')
    const uid: unknown = parent?.uid
    if (typeof uid !== 'string' || !uid) return
    picture = JSON.parse(localStorage.getItem(`sunbeam-picture:${uid}`) || 'null')
    // The record's own owner must be the parent too: never another parent's, whatever its key.
    if (picture?.v !== 1 || picture.uid !== uid) return
  } catch {
    return
  }
  const { stylesheets, nodes } = picture
  if (!Array.isArray(stylesheets) || !Array.isArray(nodes)) return

  // Until the picture is drawn or given up, the live page stays hidden (from the moment the page is
  // parsed, before any module runs): it must not show a moment before the picture covers it.
  html.setAttribute('data-picture', 'waiting')
  const live = () => document.getElementById('root')
  const giveUp = () => {
    if (html.getAttribute('data-picture') !== 'waiting') return
    html.setAttribute('data-picture', 'gone')
    live()?.style.removeProperty('display')
  }
  // The page parsed (#root and the entry script there), before its modules run: 'interactive' comes first.
  const parsed = new Promise<void>((resolve) => {
    const check = () => {
      if (document.readyState === 'loading') return
      document.removeEventListener('readystatechange', check)
      const root = live()
      const scripts = document.querySelectorAll('script[type="module"][src]')
      // Only a picture taken by this version of the app: another version's markup may differ.
      if (!root || picture.entry !== scripts[scripts.length - 1]?.getAttribute('src')) giveUp()
      else if (html.getAttribute('data-picture') === 'waiting') root.style.display = 'none'
      resolve()
    }
    document.addEventListener('readystatechange', check)
    check()
  })

  const loaded = (href: unknown) =>
    new Promise<boolean>((resolve) => {
      if (typeof href !== 'string' || !href.startsWith('/assets/')) return resolve(false)
      let link = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].find(
        (known) => known.getAttribute('href') === href,
      )
      if (link?.sheet) return resolve(true)
      if (!link) {
        link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = href
        // React's own <link precedence="default"> adopts it instead of adding a second.
        link.setAttribute('data-precedence', 'default')
        document.head.append(link)
      }
      link.addEventListener('load', () => resolve(true), { once: true })
      link.addEventListener('error', () => resolve(false), { once: true })
    })
  const font = Promise.race([
    document.fonts?.load('1em "Nunito Variable"').catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 500)),
  ])

  const build = (node: Node): globalThis.Node => {
    if (typeof node === 'string') return document.createTextNode(node)
    const [tag, attributes, children] = node
    // What the picture store keeps, by its own filter: a record edited by hand draws no more.
    if (!keeps(tag)) return document.createTextNode('')
    const element = tag.startsWith('svg:')
      ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
      : document.createElement(tag)
    // Data only: attributes and text are set, never parsed as markup.
    for (const [name, value] of Object.entries(attributes))
      if (typeof value === 'string' && keeps(tag, name, value)) element.setAttribute(name, value)
    for (const child of children) element.append(build(child))
    return element
  }

  void Promise.all([Promise.all(stylesheets.map(loaded)), font, parsed]).then(([sheets]) => {
    const root = live()
    if (html.getAttribute('data-picture') !== 'waiting' || !root) return
    if (!sheets.every(Boolean)) return giveUp()
    try {
      const frame = document.createElement('div')
      frame.id = 'sunbeam-picture'
      // Assistive technology and the keyboard read the live page, not this stand-in (nothing in it takes
      // focus). A tap is honoured, never dropped: a link inside the app is followed at once, as a page
      // load (the router is not there yet); anything else is marked pressed and pressed again on the
      // live page, which takes over at once (src/parent/account/parent-picture-screen.ts).
      frame.setAttribute('aria-hidden', 'true')
      for (const node of nodes as Node[]) frame.append(build(node))
      const pressable = [...frame.querySelectorAll<HTMLElement>(controls)]
      for (const control of pressable) control.tabIndex = -1
      frame.addEventListener(
        'click',
        (event) => {
          const target = event.target instanceof Element ? event.target.closest(controls) : null
          if (!(target instanceof HTMLElement) || !frame.contains(target)) return event.preventDefault()
          target.style.opacity = '0.6'
          const href = target instanceof HTMLAnchorElement ? target.getAttribute('href') || '' : ''
          if (href.startsWith('/') && !href.startsWith('//')) return
          event.preventDefault()
          if (frame.hasAttribute('data-tap')) return
          const text = (target.textContent || '').trim()
          frame.setAttribute('data-tap', JSON.stringify([pressable.indexOf(target), target.tagName, text]))
          frame.dispatchEvent(new Event('sunbeam:picture-tap'))
        },
        true,
      )
      root.before(frame)
      html.setAttribute('data-picture', 'shown')
      // Should the live page never come (the app failed to start), the page is not left as a picture:
      // this picture, still on screen (a picture the live page took over is no longer in the page).
      setTimeout(() => {
        if (html.getAttribute('data-picture') !== 'shown' || !frame.isConnected) return
        frame.remove()
        html.setAttribute('data-picture', 'gone')
        root.style.removeProperty('display')
      }, 10_000)
    } catch {
      document.getElementById('sunbeam-picture')?.remove()
      giveUp()
    }
  }, giveUp)
}

/**
 * The inline script's code: the function above, called (its name, which the minifier picks, left out)
 * with the picture store's own filter, whose code stands alone too: the painter reads back exactly what
 * the store would keep.
 */
export const parentPainterScript = `(${paintParentPicture
  .toString()
  .replace(
    /^function\s*[\w$]*\s*\(/,
    'function(',
  )})(${pictureKeeps.toString()}, ${JSON.stringify(PICTURE_CONTROLS)})`
