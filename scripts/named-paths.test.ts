// @vitest-environment node
// Every path of this repository named in the README, docs/ or a comment exists: a file that moves takes
// its mentions with it. A path names a file or folder under one of the top folders below; a decision
// record may be named by its number alone (docs/decisions/0016); a glob or a placeholder is no path.
// A decision record superseded (its status line says so) is history and is never edited: a file it
// names may since have gone, and its successor says so.
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

/**
 * What a named path may be besides a tracked file: a folder of one, or a file named without its
 * extension or suffix (e2e/build-output, docs/decisions/0016). All prefixes are collected once: asked
 * file by file (a scan of every tracked file for each of some 3,000 mentions, and a git process for
 * each), the test took 22 s on a busy machine.
 */
const prefixes = new Set<string>()
for (const file of tracked)
  for (let at = 0; at < file.length; at += 1)
    if (file[at] === '/' || file[at] === '.' || file[at] === '-') prefixes.add(file.slice(0, at))

/** The paths among `paths` that git ignores (a build's output, a file each developer makes: functions/.env). */
function ignoredOf(paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set()
  try {
    const out = execFileSync('git', ['check-ignore', '--stdin'], {
      input: paths.join('\n'),
      encoding: 'utf8',
    })
    return new Set(out.split('\n').filter(Boolean))
  } catch {
    // Exit code 1: none of them is ignored.
    return new Set()
  }
}

/** A decision record's status line that says it is superseded, in whole or in part. */
const SUPERSEDED = /^Status:.*\bsuperseded\b/im

function known(path: string): boolean {
  return trackedSet.has(path) || prefixes.has(path)
}

describe('paths named in the docs and comments', () => {
  it('all exist', () => {
    const unknown: string[] = []
    for (const file of texts) {
      const text = readFileSync(file, 'utf8')
      const history = file.startsWith('docs/decisions/') && SUPERSEDED.test(text)
      for (const match of text.matchAll(pathPattern)) {
        const [, named = '', glob] = match
        if (glob || /[A-Z]{3,}|\$/.test(named)) continue // a glob or a placeholder (tests/rules/NAME.test.ts)
        // Firebase's error codes ('functions/permission-denied') are no paths.
        if (/^functions\/[a-z-]+$/.test(named)) continue
        const path = named.replace(/\.+$/, '')
        // Inside the functions workspace, a path may be relative to it.
        const own = file.startsWith('functions/') && known(`functions/${path}`)
        if (!known(path) && !own && !history) unknown.push(`${file}: ${path}`)
      }
    }
    const ignored = ignoredOf([...new Set(unknown.map((entry) => entry.split(': ')[1] ?? ''))])
    expect(unknown.filter((entry) => !ignored.has(entry.split(': ')[1] ?? ''))).toEqual([])
  })
})
