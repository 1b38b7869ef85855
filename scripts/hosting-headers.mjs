// Firebase Hosting's custom response headers (firebase.json, hosting.headers), applied by `vite preview`
// the way Hosting applies them, so the browser suite runs the site under the same Content-Security-
// Policy and the rest as production (docs/decisions/0010-security-headers.md), plus the local emulators'
// addresses in connect-src (the production policy names none). `npm start` gives the Hosting emulator a
// copy of firebase.json with the same addition (scripts/start.mjs, withConnectSources).
//
// Hosting matches each rule's `source` glob against the request's path (before cleanUrls and rewrites),
// applies every rule that matches, in order, and a later rule's header replaces an earlier one of the
// same name. Its emulator does this with minimatch's default options after putting a '/' in front of
// both; the small matcher below follows the same rules for the glob syntax firebase.json uses, and
// refuses syntax it does not know rather than guess (scripts/hosting-headers.test.ts compares it with
// the emulator's own matcher).
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'

/** A glob or path with one leading '/', '//' and '..' resolved, as the emulator normalises both. */
function normalizePath(value) {
  return posix.normalize(posix.join('/', value))
}

/** `{a,b}` alternatives expanded into separate globs (nested braces too). */
function expandBraces(glob) {
  let depth = 0
  let open = -1
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]
    if (char === '\\') {
      i++
    } else if (char === '{') {
      if (depth++ === 0) open = i
    } else if (char === '}' && depth > 0 && --depth === 0) {
      const inner = glob.slice(open + 1, i)
      const options = splitTopLevel(inner, ',')
      if (options.length < 2) {
        if (inner.includes('..')) throw new Error(`glob "${glob}": brace ranges are not supported`)
        continue
      }
      const before = glob.slice(0, open)
      const after = glob.slice(i + 1)
      return options.flatMap((option) => expandBraces(before + option + after))
    }
  }
  return [glob]
}

/** Splits on `separator` outside braces and parentheses. */
function splitTopLevel(text, separator) {
  const parts = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\\') i++
    else if (char === '{' || char === '(') depth++
    else if (char === '}' || char === ')') depth--
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

const regexSpecial = /[.*+?^${}()|[\]\\/]/g

/** The regular expression source for part of one path segment of a glob. */
function segmentSource(glob, segment) {
  let source = ''
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]
    const next = segment[i + 1]
    if (char === '\\' && next !== undefined) {
      source += next.replace(regexSpecial, '\\$&')
      i++
    } else if ('!+*?@'.includes(char) && next === '(') {
      if (char !== '@') throw new Error(`glob "${glob}": only the @(a|b) extglob is supported`)
      const close = matchingParen(segment, i + 1)
      if (close === -1) throw new Error(`glob "${glob}": unclosed "@("`)
      const options = splitTopLevel(segment.slice(i + 2, close), '|')
      source += `(?:${options.map((option) => segmentSource(glob, option)).join('|')})`
      i = close
    } else if (char === '*') {
      source += '[^/]*?'
    } else if (char === '?') {
      source += '[^/]'
    } else if (char === '[') {
      const close = segment.indexOf(']', i + 2)
      if (close === -1) {
        source += '\\['
        continue
      }
      let set = segment.slice(i + 1, close)
      if (set.startsWith('!')) set = `^${set.slice(1)}`
      source += `[${set.replaceAll('\\', '\\\\')}]`
      i = close
    } else {
      source += char.replace(regexSpecial, '\\$&')
    }
  }
  return source
}

function matchingParen(text, open) {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return i
  }
  return -1
}

const GLOBSTAR = Symbol('**')
const hasMagic = /[*?[]|[!+@]\(/

/** One glob's path segments: the globstar, a literal string, or a pattern for a single segment. */
function compileSegments(glob, expanded) {
  return expanded.split('/').map((segment) => {
    if (segment === '**') return GLOBSTAR
    if (!hasMagic.test(segment)) return segment.replace(/\\(.)/g, '$1')
    // Wildcards never match an empty segment, nor a name starting with '.' unless the glob spells the
    // dot itself (minimatch's default: dot files are left out).
    const dot = segment.startsWith('.') ? '' : '(?!\\.)'
    return new RegExp(`^${dot}(?=.)${segmentSource(glob, segment)}$`)
  })
}

/** Whether a path segment may be swallowed by `**` (never '.', '..' or a dot file). */
function globstarMay(segment) {
  return !segment.startsWith('.')
}

/** minimatch's segment-by-segment match, for the parts used here. */
function matchSegments(file, pattern) {
  let fi = 0
  let pi = 0
  for (; fi < file.length && pi < pattern.length; fi++, pi++) {
    const part = pattern[pi]
    const name = file[fi]
    if (part === GLOBSTAR) {
      if (pi + 1 === pattern.length) return file.slice(fi).every(globstarMay)
      for (let from = fi; from < file.length; from++) {
        if (matchSegments(file.slice(from), pattern.slice(pi + 1))) return true
        if (!globstarMay(file[from])) return false
      }
      return false
    }
    const hit = typeof part === 'string' ? name === part : part.test(name)
    if (!hit) return false
  }
  if (fi === file.length && pi === pattern.length) return true
  // A trailing '/' on the path is allowed where the glob has ended.
  return pi === pattern.length && fi === file.length - 1 && file[fi] === ''
}

/**
 * A Hosting `source` glob as a test on request paths: `**` (any number of path segments), `*` and `?`
 * (within a segment), `[abc]`, `{a,b}`, `@(a|b)`, and a leading `!` that negates the whole glob.
 */
export function compileSource(source) {
  const negated = source.startsWith('!')
  const body = negated ? source.slice(1) : source
  if (body.startsWith('!')) throw new Error(`glob "${source}": a double negation is not supported`)
  const globs = expandBraces(normalizePath(body)).map((glob) => compileSegments(source, glob))
  return (path) => {
    const file = normalizePath(path).split('/')
    const matched = globs.some((glob) => matchSegments(file, glob))
    return negated ? !matched : matched
  }
}

/** Whether Hosting applies a rule with this `source` to a request for `path` (the URL's path). */
export function sourceMatches(source, path) {
  return compileSource(source)(path)
}

/**
 * The headers Hosting sends for a path: every matching rule's, in order; a later rule's header
 * replaces an earlier one with the same name (names compared without case).
 * @param {readonly { source?: string; glob?: string; regex?: string; headers: { key: string; value: string }[] }[]} rules
 * @param {string} path
 */
export function headersFor(rules, path) {
  const result = new Map()
  for (const rule of rules) {
    const glob = rule.source ?? rule.glob
    const matches =
      glob !== undefined
        ? sourceMatches(glob, path)
        : rule.regex !== undefined && new RegExp(rule.regex, 'u').test(path)
    if (!matches) continue
    for (const { key, value } of rule.headers) result.set(key.toLowerCase(), { key, value })
  }
  return [...result.values()]
}

/** hosting.headers from a firebase.json file (the site's only hosting config). */
export function readHostingHeaders(firebaseJsonPath) {
  const config = JSON.parse(readFileSync(firebaseJsonPath, 'utf8'))
  if (Array.isArray(config.hosting))
    throw new Error('firebase.json: one hosting config expected, not several')
  return config.hosting?.headers ?? []
}

/** The Firebase config's emulators the app talks to (firebase.json's `emulators`). */
const APP_EMULATORS = ['auth', 'firestore', 'storage', 'functions']
/** The variables that move an emulator off firebase.json's port in a test build. */
const PORT_VARIABLES = {
  auth: 'VITE_FIREBASE_AUTH_EMULATOR_PORT',
  firestore: 'VITE_FIREBASE_FIRESTORE_EMULATOR_PORT',
  functions: 'VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT',
}

/**
 * The local emulators' addresses, as Content-Security-Policy sources without a scheme (a page served
 * over http allows them over http): firebase.json's emulator ports on VITE_FIREBASE_EMULATOR_HOST (or
 * 127.0.0.1), Firestore on VITE_FIREBASE_FIRESTORE_EMULATOR_PORT when a build talks to another port (the
 * browser suite's online world). The production policy names none of them: only local servers add them.
 * @param {{ emulators?: Record<string, { port?: number }> }} config firebase.json
 * @param {Record<string, string | undefined>} env
 */
export function emulatorSources(config, env = process.env) {
  const host = env.VITE_FIREBASE_EMULATOR_HOST || '127.0.0.1'
  if (!/^[\w.-]+$/.test(host)) throw new Error(`Emulator host "${host}" is not a host name`)
  return APP_EMULATORS.map((name) => {
    const port = env[PORT_VARIABLES[name]] || config.emulators?.[name]?.port
    if (!/^\d{1,5}$/.test(String(port)))
      throw new Error(`The ${name} emulator's port "${port}" is not a port`)
    return `${host}:${port}`
  })
}

/**
 * The rules with `sources` added to every Content-Security-Policy's connect-src (the local servers'
 * emulators: see emulatorSources). A policy without connect-src is refused: adding one would let
 * default-src no longer govern connections.
 */
export function withConnectSources(rules, sources) {
  if (sources.length === 0) return rules
  return rules.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) => {
      if (header.key.toLowerCase() !== 'content-security-policy') return header
      const directives = header.value.split(';').map((directive) => directive.trim())
      const index = directives.findIndex((directive) => /^connect-src(?:\s|$)/i.test(directive))
      if (index === -1)
        throw new Error('The Content-Security-Policy has no connect-src to add the emulators to')
      const present = new Set(directives[index].split(/\s+/))
      const added = sources.filter((source) => !present.has(source))
      directives[index] = [directives[index], ...added].join(' ')
      return { ...header, value: directives.filter(Boolean).join('; ') }
    }),
  }))
}

/**
 * Connect middleware for `vite preview` that sets firebase.json's headers on every response. It must
 * run before the preview's own rewrites (the app shell, clean URLs), as Hosting matches the path the
 * browser asked for; the static file server keeps a header set here (Cache-Control included). The
 * policy also allows the local emulators (emulatorSources), which the demo build talks to.
 */
export function hostingHeadersMiddleware(firebaseJsonPath, env = process.env) {
  const config = JSON.parse(readFileSync(firebaseJsonPath, 'utf8'))
  const rules = withConnectSources(readHostingHeaders(firebaseJsonPath), emulatorSources(config, env))
  return (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://preview.local').pathname
    for (const { key, value } of headersFor(rules, path)) res.setHeader(key, value)
    next()
  }
}
