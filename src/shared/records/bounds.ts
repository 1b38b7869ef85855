// Bounds the server keeps and the app shows (issue 50). Shared by firestore.rules' numbers, the functions
// (when writing) and the app (when showing). Exports (names fixed; the client imports them):
//   MAX_KIDS_PER_PARENT          10 children per parent account
//   MAX_PUSH_DEVICES_PER_PARENT  5 push devices per parent
//   PUSH_SERVICE_HOSTS           host suffixes of the real browser push services
//   isPushServiceEndpoint(url, extraHosts?)  whether a push endpoint is one of theirs (https, no port)
//   cleanText(text, { multiline? })          text without control or direction characters
//   cleanFileName(name, type)               a shown or stored document name: clean, extension = type
//   sniffDocumentType(bytes)                PDF, JPEG or PNG by its first bytes, else null
// firestore.rules repeats PUSH_SERVICE_HOSTS and the device bound; functions/src uses the rest.

import type { DocumentType } from './enrolment-record'

/** Children one parent account may hold: a number a real family never reaches. */
export const MAX_KIDS_PER_PARENT = 10

/** Push devices (browsers that allowed notifications) one parent keeps; the newest are kept. */
export const MAX_PUSH_DEVICES_PER_PARENT = 5

/**
 * The push services of real browsers, as host suffixes: a host matches if it is one of them or ends in
 * '.' + one of them. Chrome, Edge (FCM), Firefox (Mozilla autopush), Safari (Apple), legacy Edge (WNS).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

function hostMatches(host: string, suffix: string): boolean {
  return host === suffix || host.endsWith(`.${suffix}`)
}

/**
 * Whether `url` is a push endpoint the server may post to: https, on the default port, no user name or
 * password, its host one of PUSH_SERVICE_HOSTS (or exactly one of `extraHosts`: the tests' stand-in,
 * where the tests set it, which may name a port as 'host:port' or any port as the bare host).
 */
export function isPushServiceEndpoint(url: string, extraHosts: readonly string[] = []): boolean {
  if (url.length > 1000) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false
  const host = parsed.hostname.toLowerCase()
  if (extraHosts.some((extra) => extra === host || extra === parsed.host)) return true
  if (parsed.port !== '') return false
  return PUSH_SERVICE_HOSTS.some((suffix) => hostMatches(host, suffix))
}

/** Characters never kept: C0 and C1 controls, DEL, line/paragraph separators, direction marks. */
function forbiddenCodePoint(codePoint: number): boolean {
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    codePoint === 0xfeff
  )
}

/**
 * The text without control and direction characters. Line breaks ('\r\n', '\r', '\n', U+2028, U+2029,
 * U+0085) become '\n' where `multiline` allows, else a space; tabs become spaces; the rest is removed.
 */
export function cleanText(text: string, options: { readonly multiline?: boolean } = {}): string {
  const breaksUnified = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
  let out = ''
  for (const char of breaksUnified) {
    const codePoint = char.codePointAt(0) ?? 0
    if (char === '\n') out += options.multiline ? '\n' : ' '
    else if (char === '\t') out += ' '
    else if (!forbiddenCodePoint(codePoint)) out += char
  }
  return out
}

const EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
}

/** Longest cleaned file name, in characters, extension included (the record allows 80). */
const MAX_FILE_NAME = 80

/** Extensions of the document types: one of another type is replaced, anything else kept and added to. */
const DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png']

/**
 * A document's name as stored and shown: one line, no control or direction characters, no path
 * separators, no leading dots, at most 80 characters, and the extension the type's own ('scan.jpeg' stays;
 * a photo picked as 'card.png' and stored as a JPEG becomes 'card.jpg'; 'record.html' of a PDF becomes
 * 'record.html.pdf'; a name that is nothing after cleaning becomes 'document.pdf').
 */
export function cleanFileName(name: string, type: DocumentType): string {
  const extension = EXTENSIONS[type]
  let base = cleanText(name).replace(/[/\\]/g, '_').replace(/\s+/g, ' ').trim()
  const lower = base.toLowerCase()
  const own = type === 'image/jpeg' ? ['.jpg', '.jpeg'] : [`.${extension}`]
  const kept = own.find((ext) => lower.endsWith(ext))
  let suffix = `.${extension}`
  const other = DOCUMENT_EXTENSIONS.find((ext) => lower.endsWith(ext))
  if (kept) {
    suffix = base.slice(base.length - kept.length)
    base = base.slice(0, base.length - kept.length)
  } else if (other) base = base.slice(0, base.length - other.length)
  base = base.replace(/^[ .]+|[ .]+$/g, '')
  if (base === '') base = 'document'
  const room = MAX_FILE_NAME - suffix.length
  const chars = Array.from(base)
  if (chars.length > room) base = chars.slice(0, room).join('').trimEnd()
  return `${base}${suffix}`
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)
}

/** The document's type by its first bytes (PDF '%PDF-', JPEG FF D8 FF, PNG's 8-byte signature), else null. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  return null
}
