// @vitest-environment node
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  builtPageHashes,
  injectedStyleTexts,
  inlineScriptHashes,
  inlineStyleHashes,
  withHashes,
  withPageHashes,
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

describe('builtPageHashes and withPageHashes', () => {
  let dir = ''
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it("hashes every page's inline scripts and styles, and gives a policy exactly those", async () => {
    dir = await mkdtemp(join(tmpdir(), 'csp-'))
    await mkdir(join(dir, 'blog'), { recursive: true })
    await writeFile(join(dir, 'index.html'), '<style>p{}</style><script type="module">a()</script>')
    await writeFile(
      join(dir, 'blog', '1.html'),
      '<style>p{}</style><script type="module">a()</script><script>b()</script>',
    )
    await writeFile(
      join(dir, 'app-shell.html'),
      '<style>p{}</style><script type="module" src="/assets/x.js"></script>',
    )
    const hashes = await builtPageHashes(dir, ['b{}'])
    expect([...new Set(hashes.scripts)].sort()).toEqual([sha('a()'), sha('b()')].sort())
    expect([...new Set(hashes.styles)].sort()).toEqual([sha('p{}'), sha('b{}')].sort())

    const rules = [
      {
        source: '**',
        headers: [
          { key: 'Content-Security-Policy', value: "script-src 'self' 'sha256-stale='; style-src 'self'" },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
    ]
    const [rule] = withPageHashes(rules, hashes)
    expect(rule?.headers).toEqual([
      {
        key: 'Content-Security-Policy',
        value: `script-src 'self' ${[sha('a()'), sha('b()')].sort().join(' ')}; style-src 'self' ${[sha('p{}'), sha('b{}')].sort().join(' ')}`,
      },
      { key: 'X-Content-Type-Options', value: 'nosniff' },
    ])
    // The rules it was given are left as they were.
    expect(rules[0]?.headers[0]?.value).toBe("script-src 'self' 'sha256-stale='; style-src 'self'")
  })

  it('refuses a site without a Content-Security-Policy', () => {
    expect(() => withPageHashes([{ source: '**', headers: [] }], { scripts: [], styles: [] })).toThrow(
      /no Content-Security-Policy/,
    )
  })
})

describe("the site's policy in firebase.json", () => {
  const policy = (): string =>
    JSON.parse(readFileSync(resolve('firebase.json'), 'utf8'))
      .hosting.headers.flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
      .find((header: { key: string }) => header.key === 'Content-Security-Policy').value

  it("allows scripts and styles from the site and the committed build's hashes only, nothing unsafe", () => {
    // The hashes are the committed build's (npm run csp-hashes, decision 0066; the browser suite checks
    // they are this build's): no other source, nothing unsafe.
    for (const directive of ['script-src', 'style-src']) {
      const sources = policy()
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([name]) => name === directive)
      expect(sources?.[1], directive).toBe("'self'")
      for (const source of sources?.slice(2) ?? []) expect(source, directive).toMatch(/^'sha256-[\w+/]+=*'$/)
    }
    expect(policy()).not.toMatch(/'unsafe-(?:inline|eval)'/)
  })
})
