// The parent's picture: what 'My Profile' and 'Your Kids' last looked like on this device, kept per
// parent in localStorage so that the app shell's painter (src/app/paint-parent-picture.ts) can draw it
// before React and Firebase have loaded (docs/decisions/0033-parent-picture-first-paint.md). It is the
// live screen's own markup, read back as a small tree: element names, an allowed list of attributes
// (classes, links inside the site, labels), the text, and each cover photo as a small JPEG made on the
// device. Never a token, a photo's network address or any other address with a scheme (blob:, https:).

/** One key per parent: `sunbeam-picture:<uid>`. The painter repeats these names (its code stands alone). */
export const PICTURE_KEY_PREFIX = 'sunbeam-picture:'
export const PICTURE_VERSION = 1
/** The element the painter draws the picture in, before #root, and the attribute on <html> it sets. */
export const PICTURE_ELEMENT_ID = 'sunbeam-picture'
/** 'waiting' (a picture will be drawn), 'shown'; removed when the live screen has taken over. */
export const PICTURE_STATE_ATTRIBUTE = 'data-picture'
/**
 * What a parent can press in the picture and on the live page, in the same order in both: a tap on the
 * picture's n-th control is pressed again on the live page's n-th, when it is the same (issue 52).
 */
export const PICTURE_CONTROLS = 'a[href], button, summary, input, select, textarea, [role="button"]'
/** On the picture's frame: the control pressed there, as JSON [index, tag, text], until the live page takes over. */
export const PICTURE_TAP_ATTRIBUTE = 'data-tap'
/** Sent on the picture's frame when a control of it is pressed. */
export const PICTURE_TAP_EVENT = 'sunbeam:picture-tap'

/** A text, or an element: [tag, attributes, children]. SVG's elements are named 'svg:…'. */
export type PictureNode = string | readonly [string, Readonly<Record<string, string>>, readonly PictureNode[]]

export interface ParentPicture {
  readonly v: typeof PICTURE_VERSION
  readonly uid: string
  /** The app's entry script when it was taken: another version's markup may differ, so it is not drawn. */
  readonly entry: string
  /** Stylesheets the screen had beside the inlined one (the notices' file): drawn only once all load. */
  readonly stylesheets: readonly string[]
  /** The skip link, the site header and <main>, as the live screen rendered them. */
  readonly nodes: readonly PictureNode[]
}

/**
 * The picture's one filter, for what is taken (pictureNodeOf), what is read back (parsePicture) and what
 * the painter draws (src/app/paint-parent-picture.ts gets this function's own code): whether element
 * `tag` is kept, and with `attribute`, whether that attribute with `value` is kept on it. Nothing that
 * runs or loads from elsewhere: no script, style, frame or handler, no address with a scheme or a host.
 *
 * It must stand alone (the painter's inline script carries its text): no name from outside its body.
 *
 * No ids (nor the aria- attributes that name them): the live screen has the same ones, and its code looks
 * elements up by them; React's useId ones differ from one start to the next. No tabindex: the app sets it
 * on a heading it moves focus to, which changes nothing drawn.
 */
export function pictureKeeps(tag: string, attribute?: string, value = ''): boolean {
  if (!/^(svg:)?[a-z][a-z\d-]*$/.test(tag)) return false
  if (
    /^(svg:)?(script|style|link|meta|base|template|iframe|frame|frameset|object|embed|dialog|noscript)$/.test(
      tag,
    ) ||
    /^svg:(foreignObject|animate|animateMotion|animateTransform|set|use)$/i.test(tag)
  )
    return false
  if (attribute === undefined) return true
  // As a URL parser reads it: tabs and line breaks dropped, leading controls and spaces ignored.
  let address = value.replace(/[\t\n\r]/g, '')
  while (address !== '' && address.charCodeAt(0) <= 0x20) address = address.slice(1)
  // An address with a scheme (https:, blob:, javascript:) or a host ('//host', '/\\host', '\\\\host').
  const elsewhere = /^(?:[a-z][a-z\d+.-]*:|[\\/][\\/])/i.test(address) || /^\\/.test(address)
  if (attribute === 'src')
    return (
      tag === 'img' &&
      ((address.startsWith('/') && !elsewhere) || /^data:image\/jpeg;base64,[a-z\d+/=]+$/i.test(value))
    )
  if (/^aria-(labelledby|describedby|controls|owns)$/.test(attribute)) return false
  if (/^(aria|data)-[a-z\d-]+$/.test(attribute)) return !elsewhere
  return (
    /^(class|href|role|type|name|value|width|height|alt|readonly|disabled|title|hidden|loading|decoding|viewBox|d|fill|focusable|autocomplete)$/.test(
      attribute,
    ) && !elsewhere
  )
}

const SVG_NS = 'http://www.w3.org/2000/svg'

export interface PictureOptions {
  /** A small copy of a shown photo (a data: URL), or null; given each loaded <img> with a blob: address. */
  readonly coverOf?: (image: HTMLImageElement) => string | null
}

/** The element as a picture node: nothing that is not allowed above, no script, no address. */
export function pictureNodeOf(node: Node, options: PictureOptions = {}): PictureNode | null {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (!(node instanceof Element)) return null
  const svg = node.namespaceURI === SVG_NS
  const tag = svg ? `svg:${node.localName}` : node.localName
  if (!pictureKeeps(tag)) return null
  const attributes: Record<string, string> = {}
  for (const { name, value } of node.attributes)
    if (name !== 'src' && pictureKeeps(tag, name, value)) attributes[name] = value
  // A form control's current value, not the one it was created with.
  if (node instanceof HTMLInputElement && node.type !== 'password' && node.type !== 'file') {
    if (pictureKeeps(tag, 'value', node.value)) attributes.value = node.value
    else delete attributes.value
  }
  if (node instanceof HTMLImageElement) {
    const src = node.getAttribute('src') ?? ''
    if (src.startsWith('/') && pictureKeeps(tag, 'src', src)) attributes.src = src
    else {
      const cover = options.coverOf?.(node) ?? null
      if (cover?.startsWith('data:') && pictureKeeps(tag, 'src', cover)) attributes.src = cover
    }
  }
  const children: PictureNode[] = []
  for (const child of node.childNodes) {
    const kept = pictureNodeOf(child, options)
    if (kept !== null) children.push(kept)
  }
  return [tag, attributes, children]
}

function isNode(value: unknown, depth = 0): value is PictureNode {
  if (typeof value === 'string') return true
  if (!Array.isArray(value) || value.length !== 3 || depth > 64) return false
  const [tag, attributes, children] = value as unknown[]
  return (
    typeof tag === 'string' &&
    pictureKeeps(tag) &&
    typeof attributes === 'object' &&
    attributes !== null &&
    Object.entries(attributes).every(
      ([name, text]) => typeof text === 'string' && pictureKeeps(tag, name, text),
    ) &&
    Array.isArray(children) &&
    children.every((child) => isNode(child, depth + 1))
  )
}

/** The record as this version reads it, or null (another version's, damaged, or another parent's). */
export function parsePicture(raw: string | null, uid: string): ParentPicture | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const { v, uid: owner, entry, stylesheets, nodes } = value as Record<string, unknown>
    if (v !== PICTURE_VERSION || owner !== uid || typeof entry !== 'string') return null
    if (!Array.isArray(stylesheets) || !stylesheets.every((href) => typeof href === 'string')) return null
    if (!Array.isArray(nodes) || !nodes.every((node) => isNode(node))) return null
    return { v, uid, entry, stylesheets, nodes }
  } catch {
    return null
  }
}

export function readPicture(uid: string): ParentPicture | null {
  try {
    return parsePicture(localStorage.getItem(PICTURE_KEY_PREFIX + uid), uid)
  } catch {
    // No localStorage (some private modes): no picture, the screen opens as it did before.
    return null
  }
}

/** Keeps the picture; false when it could not be (storage full or missing: the old one is removed). */
export function writePicture(picture: ParentPicture): boolean {
  const key = PICTURE_KEY_PREFIX + picture.uid
  try {
    localStorage.setItem(key, JSON.stringify(picture))
    return true
  } catch {
    try {
      localStorage.removeItem(key)
    } catch {
      // Nothing kept, nothing to remove.
    }
    return false
  }
}

/** Removes every parent's picture from this device (sign-out, a refused session, a deleted account). */
export function forgetParentPictures(): void {
  try {
    const keys: string[] = []
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (key?.startsWith(PICTURE_KEY_PREFIX)) keys.push(key)
    }
    for (const key of keys) localStorage.removeItem(key)
  } catch {
    // No localStorage: nothing was kept.
  }
}

/** Whether two pictures draw the same screen: the same markup, whatever the photos' bytes. */
export function samePicture(a: readonly PictureNode[], b: readonly PictureNode[]): boolean {
  const key = (nodes: readonly PictureNode[]): string =>
    JSON.stringify(nodes, (name, value: unknown) => (name === 'src' ? '' : value))
  return key(a) === key(b)
}
