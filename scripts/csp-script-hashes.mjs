// The Content-Security-Policy allows inline scripts and styles only by their SHA-256 hash
// (docs/decisions/0010-security-headers.md). firebase.json holds the policy without them: whatever serves
// or deploys a build (scripts/hosting-config.mjs: the suite's server, npm start, npm run deploy) hashes
// every inline script and <style> of that build's pages, and the <style> a library inserts at run time
// (sonner's), and gives the policy exactly those. A build never writes to a tracked file, and a changed
// start-up script or stylesheet can never be served with a stale hash.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CSP_HEADER = 'content-security-policy'

/** Script types the browser runs (a JSON data block, for instance, is not a script to the policy). */
const executableType = /^(?:module|(?:text|application)\/(?:java|ecma)script)?$/i

/** The 'sha256-…' source of each inline script the browser would run in this HTML, in page order. */
export function inlineScriptHashes(html) {
  const hashes = []
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? ''
    if (!executableType.test(type)) continue
    hashes.push(sha256Source(body))
  }
  return hashes
}

const sha256Source = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The 'sha256-…' source of each inline <style> element in this HTML, in page order. */
export function inlineStyleHashes(html) {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, body = '']) =>
    sha256Source(body),
  )
}

/**
 * The text of each <style> element a library of the app inserts at run time, which the policy must allow
 * by hash too: sonner's (its module calls `__insertCSS("…")` once when it loads; the string is read from
 * the installed package, the same text the build bundles). Moving it into our stylesheet instead is not
 * possible: the module inserts it whatever the app does.
 */
export async function injectedStyleTexts() {
  const sonner = await readFile(fileURLToPath(import.meta.resolve('sonner')), 'utf8')
  const call = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(sonner)
  if (!call?.[1])
    throw new Error("sonner's inserted stylesheet was not found: see scripts/csp-script-hashes.mjs")
  // sonner puts the element in the page before its text: the browser checks it empty first (an empty
  // stylesheet does nothing), then with the text.
  return ['', JSON.parse(call[1])]
}

/** The policy with `directive`'s hash sources replaced by `hashes` (sorted, no duplicates). */
export function withHashes(policy, directive, hashes) {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
  const index = directives.findIndex((part) => new RegExp(`^${directive}(?:\\s|$)`, 'i').test(part))
  if (index === -1) throw new Error(`the Content-Security-Policy has no ${directive} directive`)
  const sources = (directives[index] ?? '').split(/\s+/).slice(1)
  const kept = sources.filter((source) => !/^'sha(?:256|384|512)-/i.test(source))
  directives[index] = [directive, ...kept, ...[...new Set(hashes)].sort()].join(' ')
  return directives.join('; ')
}

/** The policy with script-src's hash sources replaced by `hashes` (sorted, no duplicates). */
export function withScriptHashes(policy, hashes) {
  return withHashes(policy, 'script-src', hashes)
}

async function htmlFilesIn(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * The hash sources of every inline script and style in the HTML files of `outDir`, and of
 * `injectedStyles` (the <style> texts libraries insert; injectedStyleTexts()).
 * @param {string} outDir
 * @param {readonly string[]} [injectedStyles]
 * @returns {Promise<{ scripts: string[]; styles: string[] }>}
 */
export async function builtPageHashes(outDir, injectedStyles = []) {
  const scripts = []
  const styles = injectedStyles.map(sha256Source)
  for (const file of await htmlFilesIn(outDir)) {
    const html = await readFile(file, 'utf8')
    scripts.push(...inlineScriptHashes(html))
    styles.push(...inlineStyleHashes(html))
  }
  return { scripts, styles }
}

/**
 * A copy of a Hosting config's header rules with every Content-Security-Policy's script-src and style-src
 * given exactly `hashes` (builtPageHashes). A site without a policy is refused: it must have one.
 * @param {{ source?: string; regex?: string; headers: { key: string; value: string }[] }[]} rules
 * @param {{ scripts: readonly string[]; styles: readonly string[] }} hashes
 */
export function withPageHashes(rules, hashes) {
  let policies = 0
  const out = rules.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) => {
      if (header.key.toLowerCase() !== CSP_HEADER) return header
      policies += 1
      const value = withHashes(withScriptHashes(header.value, hashes.scripts), 'style-src', hashes.styles)
      return { ...header, value }
    }),
  }))
  if (policies === 0)
    throw new Error('hosting.headers sets no Content-Security-Policy: the site must have one')
  return out
}
