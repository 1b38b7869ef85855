// The Content-Security-Policy in firebase.json allows inline scripts and styles only by their SHA-256
// hash (docs/decisions/0010-security-headers.md). The build calls syncCspHashes after writing the pages:
// it hashes every inline script and <style> in the output, and the <style> a library inserts at run time
// (sonner's), and puts exactly those hashes in the policy's script-src and style-src, so a changed
// start-up script or stylesheet can never be deployed with a stale hash. The start-up script's text does
// not depend on the build; the stylesheet's hash changes with the CSS (the build then says so).
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
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
 * Hashes the inline scripts and styles of every HTML file in `outDir` (and `injectedStyles`, the <style>
 * texts libraries insert) and writes them into firebase.json's Content-Security-Policy (script-src and
 * style-src), changing only that header's value (the rest of the file keeps its text) and only when the
 * hashes differ. Returns whether the file changed.
 * @param {{ outDir: string; firebaseJson: string; injectedStyles?: readonly string[]; log?: (line: string) => void }} options
 */
export async function syncCspHashes({ outDir, firebaseJson, injectedStyles = [], log = console.log }) {
  const hashes = []
  const styleHashes = injectedStyles.map(sha256Source)
  for (const file of await htmlFilesIn(outDir)) {
    const html = await readFile(file, 'utf8')
    hashes.push(...inlineScriptHashes(html))
    styleHashes.push(...inlineStyleHashes(html))
  }

  const text = await readFile(firebaseJson, 'utf8')
  const rules = JSON.parse(text).hosting?.headers ?? []
  const policies = rules.flatMap((rule) =>
    rule.headers.filter((header) => header.key.toLowerCase() === CSP_HEADER).map((header) => header.value),
  )
  if (policies.length === 0) {
    throw new Error(
      `${firebaseJson} sets no Content-Security-Policy in hosting.headers: the site must have one`,
    )
  }
  let updated = text
  for (const policy of new Set(policies)) {
    const next = withHashes(withScriptHashes(policy, hashes), 'style-src', styleHashes)
    if (next === policy) continue
    const literal = JSON.stringify(policy)
    if (updated.split(literal).length !== 2) {
      throw new Error(`${firebaseJson}: the Content-Security-Policy's text could not be found exactly once`)
    }
    updated = updated.replace(literal, () => JSON.stringify(next))
  }
  if (updated === text) return false
  await writeFile(firebaseJson, updated)
  log(
    `\n[csp] Updated the inline-script and style hashes of the Content-Security-Policy in ${firebaseJson}: ` +
      'commit this change, or the deployed site will refuse its own start-up script or stylesheet.',
  )
  return true
}
