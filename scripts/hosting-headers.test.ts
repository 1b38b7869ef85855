// @vitest-environment node
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  emulatorSources,
  type HostingHeaderRule,
  headersFor,
  hostingHeadersMiddleware,
  readHostingHeaders,
  sourceMatches,
  withConnectSources,
} from './hosting-headers.mjs'

const paths = [
  '/',
  '/about',
  '/about/',
  '/blog/1',
  '/blog/12',
  '/login',
  '/assets',
  '/assets/',
  '/assets/framework-Ab12.js',
  '/assets/x/y.js',
  '/assets//a.js',
  '/a/../assets/a.js',
  '//about',
  '/sw.js',
  '/.well-known/x',
  '/a/.b/c',
  '/.env',
  '/__/auth/handler',
  '/team',
  '/ab',
  '/axb',
  '/bx',
  '/cx',
]

/** For each glob, the paths Firebase's Hosting emulator applies it to (see the comparison below). */
const expected: Record<string, string[]> = {
  '**': paths.filter((path) => !['/.well-known/x', '/a/.b/c', '/.env'].includes(path)),
  '/assets/**': [
    '/assets/',
    '/assets/framework-Ab12.js',
    '/assets/x/y.js',
    '/assets//a.js',
    '/a/../assets/a.js',
  ],
  '!/assets/**': [
    '/',
    '/about',
    '/about/',
    '/blog/1',
    '/blog/12',
    '/login',
    '/assets',
    '//about',
    '/sw.js',
    '/.well-known/x',
    '/a/.b/c',
    '/.env',
    '/__/auth/handler',
    '/team',
    '/ab',
    '/axb',
    '/bx',
    '/cx',
  ],
  '/*': [
    '/about',
    '/about/',
    '/login',
    '/assets',
    '/assets/',
    '//about',
    '/sw.js',
    '/team',
    '/ab',
    '/axb',
    '/bx',
    '/cx',
  ],
  '**/*.@(js|css)': [
    '/assets/framework-Ab12.js',
    '/assets/x/y.js',
    '/assets//a.js',
    '/a/../assets/a.js',
    '/sw.js',
  ],
  '/{about,team}': ['/about', '/about/', '//about', '/team'],
  '/blog/?': ['/blog/1'],
  '**/.*': ['/.env'],
  '/a*b': ['/ab', '/axb'],
  '/[ab]x': ['/bx'],
  '/[!ab]x': ['/cx'],
}

describe('sourceMatches: Firebase Hosting globs', () => {
  for (const [glob, matching] of Object.entries(expected)) {
    it(`${glob} applies to ${matching.length} of the paths`, () => {
      expect(paths.filter((path) => sourceMatches(glob, path))).toEqual(matching)
    })
  }

  it('agrees with the Hosting emulator (superstatic, in firebase-tools) on these globs and every glob in firebase.json', () => {
    // The emulator's own matcher, loaded from where firebase-tools finds it.
    const fromFirebaseTools = createRequire(
      createRequire(import.meta.url).resolve('firebase-tools/package.json'),
    )
    const { configMatcher } = fromFirebaseTools('superstatic/lib/utils/patterns.js') as {
      configMatcher: (path: string, config: { source: string }) => boolean
    }
    const slasher = createRequire(fromFirebaseTools.resolve('superstatic/package.json'))('glob-slasher') as (
      value: string,
    ) => string
    const globs = [
      ...Object.keys(expected),
      ...readHostingHeaders(resolve('firebase.json')).flatMap((rule) => (rule.source ? [rule.source] : [])),
    ]
    for (const glob of globs) {
      for (const path of paths) {
        expect(sourceMatches(glob, path), `${glob} on ${path}`).toBe(
          configMatcher(slasher(path), { source: slasher(glob) }),
        )
      }
    }
  })

  it('refuses glob syntax it does not implement instead of guessing', () => {
    expect(() => sourceMatches('/+(a|b)', '/a')).toThrow(/extglob/)
    expect(() => sourceMatches('/!(a)', '/b')).toThrow(/extglob/)
    expect(() => sourceMatches('/{1..3}', '/1')).toThrow(/ranges/)
    expect(() => sourceMatches('!!/a', '/a')).toThrow(/double negation/)
  })
})

const rules: HostingHeaderRule[] = [
  { source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
  { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
  { source: '!/assets/**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
  { source: '/login', headers: [{ key: 'cache-control', value: 'no-store' }] },
]

describe('headersFor', () => {
  it("applies every matching rule in order; a later rule's header replaces an earlier one of that name", () => {
    expect(headersFor(rules, '/assets/a.js')).toEqual([
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
    ])
    expect(headersFor(rules, '/about')).toEqual([
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Cache-Control', value: 'no-cache' },
    ])
    expect(headersFor(rules, '/login')).toEqual([
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'cache-control', value: 'no-store' },
    ])
  })

  it('supports regex rules as Hosting does', () => {
    const regexRules = [{ regex: '^/blog/\\d+$', headers: [{ key: 'X-Post', value: '1' }] }]
    expect(headersFor(regexRules, '/blog/3')).toEqual([{ key: 'X-Post', value: '1' }])
    expect(headersFor(regexRules, '/blog')).toEqual([])
  })
})

describe('hostingHeadersMiddleware', () => {
  let close: (() => void) | undefined
  afterEach(() => close?.())

  it("sets firebase.json's headers, with the emulators allowed, matched on the path asked for before any rewrite", async () => {
    const middleware = hostingHeadersMiddleware(resolve('firebase.json'), {})
    const server = createServer((req, res) => {
      middleware(req, res, () => {
        // What the preview does next: rewrite the path (the app shell), then a static server answers,
        // keeping a header already set (as sirv does with Cache-Control).
        req.url = '/app-shell.html'
        if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store')
        res.end('ok')
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    close = () => server.close()
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    const expectedFor = (path: string) =>
      Object.fromEntries(
        headersFor(
          withConnectSources(
            readHostingHeaders(resolve('firebase.json')),
            emulatorSources(JSON.parse(readFileSync(resolve('firebase.json'), 'utf8')), {}),
          ),
          path,
        ).map(({ key, value }) => [key.toLowerCase(), value]),
      )
    for (const path of ['/login?redirect=%2Fprofile', '/', '/assets/framework-Ab12.js']) {
      const response = await fetch(origin + path)
      const wanted = expectedFor(new URL(path, origin).pathname)
      expect(Object.keys(wanted)).toContain('content-security-policy')
      for (const [key, value] of Object.entries(wanted))
        expect(response.headers.get(key), `${path} ${key}`).toBe(value)
    }
  })
})

describe('emulatorSources and withConnectSources', () => {
  const rules = readHostingHeaders(resolve('firebase.json'))
  const config = JSON.parse(readFileSync(resolve('firebase.json'), 'utf8'))
  const policy = (changed: readonly HostingHeaderRule[]) =>
    headersFor(changed, '/').find(({ key }) => key === 'Content-Security-Policy')?.value ?? ''
  const connectSrc = (value: string) =>
    value
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('connect-src'))

  it("names no emulator in firebase.json's production policy", () => {
    expect(policy(rules)).not.toMatch(/127\.0\.0\.1|localhost/)
  })

  it("adds firebase.json's emulator ports on 127.0.0.1 to connect-src, and changes nothing else", () => {
    const sources = emulatorSources(config, {})
    expect(sources).toEqual(['127.0.0.1:9099', '127.0.0.1:8080', '127.0.0.1:9199', '127.0.0.1:5001'])
    const before = policy(rules)
    const after = policy(withConnectSources(rules, sources))
    expect(connectSrc(after)).toBe(
      `${connectSrc(before)} 127.0.0.1:9099 127.0.0.1:8080 127.0.0.1:9199 127.0.0.1:5001`,
    )
    expect(after.replace(connectSrc(after) ?? '', '')).toBe(before.replace(connectSrc(before) ?? '', ''))
    // Headers other than the policy are the same objects' values.
    expect(headersFor(withConnectSources(rules, sources), '/').length).toBe(headersFor(rules, '/').length)
  })

  it("follows the build's emulator host and ports, and refuses what is no host or port", () => {
    expect(
      emulatorSources(config, {
        VITE_FIREBASE_EMULATOR_HOST: 'localhost',
        VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: '8085',
      }),
    ).toEqual(['localhost:9099', 'localhost:8085', 'localhost:9199', 'localhost:5001'])
    expect(
      emulatorSources(config, {
        VITE_FIREBASE_AUTH_EMULATOR_PORT: '9109',
        VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: '5011',
      }),
    ).toEqual(['127.0.0.1:9109', '127.0.0.1:8080', '127.0.0.1:9199', '127.0.0.1:5011'])
    expect(() =>
      emulatorSources(config, { VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: '8085 https://evil.example' }),
    ).toThrow('is not a port')
    expect(() => emulatorSources(config, { VITE_FIREBASE_EMULATOR_HOST: 'a b' })).toThrow('not a host')
  })

  it('refuses a policy without connect-src, and leaves the rules alone when there is nothing to add', () => {
    const bare = [
      { source: '**', headers: [{ key: 'Content-Security-Policy', value: "default-src 'self'" }] },
    ]
    expect(() => withConnectSources(bare, ['127.0.0.1:9099'])).toThrow(/no connect-src/)
    expect(withConnectSources(rules, [])).toBe(rules)
  })
})
