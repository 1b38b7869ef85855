// The Content-Security-Policy in firebase.json allows inline scripts only by their SHA-256 hash
// (docs/decisions/0010-security-headers.md). The build calls syncCspScriptHashes after writing the
// pages: it hashes every inline script in the output and puts exactly those hashes in the policy's
// script-src, so a changed start-up script can never be deployed with a stale hash. The start-up
// script's text does not depend on the build, so a normal build finds nothing to change.
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

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
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** The policy with script-src's hash sources replaced by `hashes` (sorted, no duplicates). */
export function withScriptHashes(policy, hashes) {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
  const index = directives.findIndex((directive) => /^script-src(?:\s|$)/i.test(directive))
  if (index === -1) throw new Error('the Content-Security-Policy has no script-src directive')
  const sources = (directives[index] ?? '').split(/\s+/).slice(1)
  const kept = sources.filter((source) => !/^'sha(?:256|384|512)-/i.test(source))
  directives[index] = ['script-src', ...kept, ...[...new Set(hashes)].sort()].join(' ')
  return directives.join('; ')
}

async function htmlFilesIn(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Hashes the inline scripts of every HTML file in `outDir` and writes them into firebase.json's
 * Content-Security-Policy, changing only that header's value (the rest of the file keeps its text) and
 * only when the hashes differ. Returns whether the file changed.
 * @param {{ outDir: string; firebaseJson: string; log?: (line: string) => void }} options
 */
export async function syncCspScriptHashes({ outDir, firebaseJson, log = console.log }) {
  const hashes = []
  for (const file of await htmlFilesIn(outDir))
    hashes.push(...inlineScriptHashes(await readFile(file, 'utf8')))

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
    const next = withScriptHashes(policy, hashes)
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
    `\n[csp] Updated the inline-script hashes of the Content-Security-Policy in ${firebaseJson}: ` +
      'commit this change, or the deployed site will refuse its own start-up script.',
  )
  return true
}
