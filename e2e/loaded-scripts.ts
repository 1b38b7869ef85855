// The JavaScript a page downloads, recorded as it arrives: what the marketing walk and the parent area's
// bundle test weigh and search for Firebase's code (docs/decisions/0004).
import { gzipSync } from 'node:zlib'
import { type Page, test } from '@playwright/test'

export interface LoadedScript {
  readonly url: string
  readonly body: Buffer
}

/** Kilobytes as Vite and Lighthouse count them: a marketing page's first visit loads at most this. */
export const JS_BUDGET_GZIP = 100_000

/** Strings only the Firebase SDK's code holds (its component names and API hosts). */
export const FIREBASE_MARKER =
  /@firebase\/(?:app|auth|firestore|storage)\b|identitytoolkit\.googleapis\.com|firestore\.googleapis\.com/

/** Records every JavaScript file the page downloads. */
export function collectScripts(page: Page): LoadedScript[] {
  const scripts: LoadedScript[] = []
  page.on('response', async (response) => {
    const url = response.url()
    if (!/\.m?js(\?|$)/.test(url) || response.status() !== 200) return
    scripts.push({ url, body: await response.body() })
  })
  return scripts
}

export const gzipBytes = (scripts: readonly LoadedScript[]) =>
  scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0)
export const rawBytes = (scripts: readonly LoadedScript[]) =>
  scripts.reduce((sum, s) => sum + s.body.length, 0)
/** The paths of the scripts that hold Firebase's code. */
export const withFirebase = (scripts: readonly LoadedScript[]) =>
  scripts.filter((s) => FIREBASE_MARKER.test(s.body.toString('utf8'))).map((s) => new URL(s.url).pathname)

/** Prints (and annotates the test with) what a route downloaded: files, bytes, gzip bytes. */
export function report(route: string, scripts: readonly LoadedScript[]) {
  const line = `${route}: ${scripts.length} JS files, ${rawBytes(scripts)} bytes, ${gzipBytes(scripts)} bytes gzip`
  test.info().annotations.push({ type: 'js-bytes', description: line })
  console.log(line)
}
