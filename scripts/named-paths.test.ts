// @vitest-environment node
// Every path of this repository named in the README, docs/ or a comment exists: a file that moves takes
// its mentions with it. A path names a file or folder under one of the top folders below; a decision
// record may be named by its number alone (docs/decisions/0016); a glob or a placeholder is no path.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean)
const trackedSet = new Set(tracked)

/** Text files that may name paths: docs, source, tests, scripts and configs (not generated ones). */
const texts = tracked.filter(
  (file) =>
    /\.(?:md|ts|tsx|mts|mjs|css|json|rules)$/.test(file) &&
    !/(?:^|\/)(?:routeTree\.gen\.ts|package-lock\.json)$/.test(file),
)

const pathPattern = /(?<![\w./#@-])((?:src|scripts|e2e|bench|docs|tests|public|functions)\/[\w./$-]*\w)(\*)?/g

/** Whether git ignores `path`: a build's output or a file each developer makes (functions/.env). */
function ignored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', path])
    return true
  } catch {
    return false
  }
}

function exists(path: string): boolean {
  if (trackedSet.has(path) || ignored(path)) return true
  // A folder, or a file named without its extension (e2e/build-output, docs/decisions/0016).
  return tracked.some(
    (file) => file.startsWith(`${path}/`) || file.startsWith(`${path}.`) || file.startsWith(`${path}-`),
  )
}

describe('paths named in the docs and comments', () => {
  it('all exist', () => {
    const missing: string[] = []
    for (const file of texts) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(pathPattern)) {
        const [, named = '', glob] = match
        if (glob || /[A-Z]{3,}|\$/.test(named)) continue // a glob or a placeholder (tests/rules/NAME.test.ts)
        // Firebase's error codes ('functions/permission-denied') are no paths.
        if (/^functions\/[a-z-]+$/.test(named)) continue
        const path = named.replace(/\.+$/, '')
        // Inside the functions workspace, a path may be relative to it.
        const own = file.startsWith('functions/') && exists(`functions/${path}`)
        if (!exists(path) && !own) missing.push(`${file}: ${path}`)
      }
    }
    expect(missing).toEqual([])
  })
})
