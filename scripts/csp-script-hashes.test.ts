// @vitest-environment node
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  injectedStyleTexts,
  inlineScriptHashes,
  inlineStyleHashes,
  syncCspHashes,
  withHashes,
  withScriptHashes,
} from './csp-script-hashes.mjs'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script the browser would run, and nothing else', () => {
    const html = `<html><head>
      <script type="module" crossorigin src="/assets/a.js"></script>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <style>body{}</style>
    </head><body>
      <script type="module">start()</script>
      <script>legacy()</script>
      <SCRIPT type="text/javascript">upper()</SCRIPT>
    </body></html>`
    expect(inlineScriptHashes(html)).toEqual([sha('start()'), sha('legacy()'), sha('upper()')])
  })
})

describe('inlineStyleHashes', () => {
  it('hashes the text of each inline <style>, not linked stylesheets or style attributes', () => {
    const html = `<head><link rel="stylesheet" href="/a.css"><style>body{color:red}</style>
      <STYLE media="print">p{}</STYLE></head><body><p style="color:blue">x</p></body>`
    expect(inlineStyleHashes(html)).toEqual([sha('body{color:red}'), sha('p{}')])
  })
})

describe('injectedStyleTexts', () => {
  it("is sonner's stylesheet, and the empty element it inserts before the text", async () => {
    const [empty, sonner] = await injectedStyleTexts()
    expect(empty).toBe('')
    expect(sonner).toMatch(/^\[data-sonner-toaster\]/)
    expect(sonner).not.toContain('\\n')
  })
})

describe('withScriptHashes', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-old='; img-src 'self'"

  it("replaces script-src's hashes, keeps its other sources and every other directive", () => {
    expect(withScriptHashes(policy, ["'sha256-b='", "'sha256-a='", "'sha256-b='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a=' 'sha256-b='; img-src 'self'",
    )
    expect(withScriptHashes(policy, [])).toBe("default-src 'self'; script-src 'self'; img-src 'self'")
  })

  it('refuses a policy without script-src', () => {
    expect(() => withScriptHashes("default-src 'self'", [])).toThrow(/script-src/)
  })

  it('does the same for style-src, leaving script-src alone', () => {
    expect(
      withHashes("script-src 'self' 'sha256-s='; style-src 'self' 'sha256-old='", 'style-src', [
        "'sha256-n='",
      ]),
    ).toBe("script-src 'self' 'sha256-s='; style-src 'self' 'sha256-n='")
  })
})

describe('syncCspHashes', () => {
  let dir = ''
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function project(policy: string, pages: Record<string, string>) {
    dir = await mkdtemp(join(tmpdir(), 'csp-'))
    const outDir = join(dir, 'dist')
    await mkdir(join(outDir, 'blog'), { recursive: true })
    for (const [file, html] of Object.entries(pages)) await writeFile(join(outDir, file), html)
    const firebaseJson = join(dir, 'firebase.json')
    // Formatted by hand, as Biome leaves it: an update must change only the policy's text.
    const text = `{\n  "hosting": {\n    "ignore": ["firebase.json", "**/.*"],\n    "headers": [\n      {\n        "source": "**",\n        "headers": [{ "key": "Content-Security-Policy", "value": ${JSON.stringify(policy)} }]\n      }\n    ]\n  }\n}\n`
    await writeFile(firebaseJson, text)
    return { outDir, firebaseJson, text }
  }

  it('writes the hashes of the built pages into firebase.json, changing nothing else, and says so', async () => {
    const pages = {
      'index.html': '<style>p{}</style><script type="module">a()</script>',
      'blog/1.html': '<style>p{}</style><script type="module">a()</script><script>b()</script>',
      'app-shell.html': '<style>p{}</style><script type="module" src="/assets/x.js"></script>',
    }
    const stale = "script-src 'self' 'sha256-stale='; style-src 'self' 'sha256-old='"
    const { outDir, firebaseJson, text } = await project(stale, pages)
    const lines: string[] = []
    const injectedStyles = ['b{}']
    const sync = () =>
      syncCspHashes({ outDir, firebaseJson, injectedStyles, log: (line) => lines.push(line) })
    expect(await sync()).toBe(true)
    const policy = `script-src 'self' ${[sha('a()'), sha('b()')].sort().join(' ')}; style-src 'self' ${[sha('p{}'), sha('b{}')].sort().join(' ')}`
    expect(await readFile(firebaseJson, 'utf8')).toBe(text.replace(stale, () => policy))
    expect(lines.join('\n')).toMatch(/Updated .*firebase\.json: commit this change/)

    // Built again, unchanged: nothing is written and nothing is said.
    lines.length = 0
    expect(await sync()).toBe(false)
    expect(lines).toEqual([])
  })

  it('fails the build when firebase.json has no Content-Security-Policy', async () => {
    const { outDir, firebaseJson } = await project("script-src 'self'; style-src 'self'", {
      'index.html': '',
    })
    await writeFile(firebaseJson, '{ "hosting": { "headers": [] } }\n')
    await expect(syncCspHashes({ outDir, firebaseJson })).rejects.toThrow(/no Content-Security-Policy/)
  })
})

describe("the site's policy", () => {
  it('allows scripts from the site and inline ones by hash only: no unsafe-inline, no unsafe-eval', async () => {
    const config = JSON.parse(await readFile(resolve('firebase.json'), 'utf8'))
    const policies: string[] = config.hosting.headers
      .flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
      .filter((header: { key: string }) => header.key === 'Content-Security-Policy')
      .map((header: { value: string }) => header.value)
    expect(policies).toHaveLength(1)
    const scriptSrc = policies[0]?.split(';').find((directive) => directive.trim().startsWith('script-src'))
    const [name, ...sources] = scriptSrc?.trim().split(/\s+/) ?? []
    expect(name).toBe('script-src')
    expect(sources[0]).toBe("'self'")
    for (const source of sources.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
  })

  it('allows styles from the site and inline ones by hash only: no unsafe-inline anywhere', async () => {
    const config = JSON.parse(await readFile(resolve('firebase.json'), 'utf8'))
    const policy: string = config.hosting.headers
      .flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
      .find((header: { key: string }) => header.key === 'Content-Security-Policy').value
    expect(policy).not.toContain("'unsafe-inline'")
    const styleSrc = policy.split(';').find((directive) => directive.trim().startsWith('style-src '))
    const [, first, ...hashes] = styleSrc?.trim().split(/\s+/) ?? []
    expect(first).toBe("'self'")
    expect(hashes.length).toBeGreaterThan(0)
    for (const source of hashes) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
    // sonner's stylesheet is among them (the page's own depends on the build, checked by the browser suite).
    for (const text of await injectedStyleTexts()) expect(hashes).toContain(sha(text))
  })
})
