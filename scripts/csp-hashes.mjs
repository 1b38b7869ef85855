#!/usr/bin/env node
// `npm run csp-hashes`: writes the policy's hashes of the build in dist/ (its pages' inline script and
// styles, sonner's inserted style) into firebase.json's Content-Security-Policy, so the committed
// firebase.json serves the committed build correctly however it is served or deployed: a bare
// `firebase deploy`, `firebase emulators:start --only hosting` (docs/decisions/0066-committed-policy-hashes.md). Only the policy's
// value changes in the file: its other lines (and whatever else a merge brings there) stay as they are.
// `--check` changes nothing and fails when the hashes are stale (the browser suite checks it too,
// e2e/committed-config.spec.ts). Run it after a change to a page's inline script or any stylesheet:
//
//   npm run build && npm run csp-hashes        (or: node scripts/csp-hashes.mjs --check)
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { readFirebaseConfig, servedConfig } from './hosting-config.mjs'

const isPolicy = (header) => header.key.toLowerCase() === 'content-security-policy'

/** Every Content-Security-Policy value of a Hosting config's header rules, in order. */
export function policyValues(config) {
  return (config.hosting?.headers ?? []).flatMap((rule) => rule.headers.filter(isPolicy).map((h) => h.value))
}

/**
 * firebase.json as it should be committed for the build in `outDir`: its text with each policy's value
 * given exactly that build's hashes (hosting-config.mjs's servedConfig, without the local emulators).
 * @param {{ firebaseJson?: string; outDir?: string }} options
 * @returns {Promise<{ text: string; stale: boolean }>}
 */
export async function committedConfigFor({ firebaseJson = 'firebase.json', outDir = 'dist' } = {}) {
  const text = readFileSync(firebaseJson, 'utf8')
  const before = policyValues(readFirebaseConfig(firebaseJson))
  const after = policyValues(await servedConfig({ firebaseJson, outDir: resolve(outDir) }))
  let next = text
  before.forEach((value, index) => {
    const quoted = JSON.stringify(value)
    if (next.split(quoted).length !== 2)
      throw new Error(`${firebaseJson}: the policy's value must appear once, as JSON writes it`)
    next = next.replace(quoted, () => JSON.stringify(after[index]))
  })
  return { text: next, stale: next !== text }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { check: { type: 'boolean' }, dir: { type: 'string' } } })
  const outDir = values.dir ?? process.env.SUNBEAM_OUT_DIR ?? 'dist'
  const { text, stale } = await committedConfigFor({ outDir })
  if (!stale) console.log(`firebase.json's Content-Security-Policy has the hashes of ${outDir}/.`)
  else if (values.check) {
    console.error(
      `firebase.json's Content-Security-Policy lacks the hashes of ${outDir}/: run npm run csp-hashes and commit it.`,
    )
    process.exitCode = 1
  } else {
    writeFileSync('firebase.json', text)
    console.log(`firebase.json's Content-Security-Policy now has the hashes of ${outDir}/.`)
  }
}
