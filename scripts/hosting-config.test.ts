// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { injectedStyleTexts } from './csp-script-hashes.mjs'
import {
  emulatorSources,
  type HostingHeaderRule,
  readFirebaseConfig,
  servedConfig,
  withConnectSources,
} from './hosting-config.mjs'
import { startHostingServer } from './hosting-server.mjs'

/** The headers of the rule for every path (`**`). */
const everywhere = (rules: readonly HostingHeaderRule[]) =>
  rules.find((rule) => rule.source === '**')?.headers ?? []

const sha = async (text: string) =>
  `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`

/** A tiny build: two pages with an inline script and style, a not-found page, the app shell. */
async function tinyBuild() {
  const dir = await mkdtemp(join(tmpdir(), 'hosting-'))
  await mkdir(join(dir, 'blog'), { recursive: true })
  await writeFile(join(dir, 'index.html'), '<style>p{}</style><script type="module">go()</script>home')
  await writeFile(join(dir, 'blog', '1.html'), '<style>p{}</style><script type="module">go()</script>post')
  await writeFile(join(dir, 'app-shell.html'), '<style>p{}</style>shell')
  await writeFile(join(dir, '404.html'), '<style>p{}</style>not found')
  return dir
}

describe('servedConfig', () => {
  let dir = ''
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it("gives firebase.json's policy exactly the build's inline hashes, and the emulators only when asked", async () => {
    dir = await tinyBuild()
    const production = await servedConfig({ outDir: dir })
    expect(production.hosting.public).toBe(dir)
    const policy = everywhere(production.hosting.headers ?? []).find(
      ({ key }) => key === 'Content-Security-Policy',
    )?.value
    const styles = [await sha('p{}'), ...(await Promise.all((await injectedStyleTexts()).map(sha)))]
    expect(policy).toContain(`script-src 'self' ${await sha('go()')};`)
    expect(policy).toContain(`style-src 'self' ${[...new Set(styles)].sort().join(' ')};`)
    expect(policy).not.toMatch(/127\.0\.0\.1/)
    // Nothing else of firebase.json changes: its rewrites, cleanUrls and the other headers.
    const config = readFirebaseConfig(resolve('firebase.json'))
    expect(production.hosting.rewrites).toEqual(config.hosting.rewrites)
    expect(production.hosting.cleanUrls).toBe(true)
    const local = await servedConfig({ outDir: dir, emulators: true, env: {} })
    expect(
      everywhere(local.hosting.headers ?? []).find(({ key }) => key === 'Content-Security-Policy')?.value,
    ).toMatch(/connect-src [^;]* 127\.0\.0\.1:9099/)
  })
})

describe('startHostingServer: the build as Hosting serves it', () => {
  let dir = ''
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves pages at their clean address, the shell for app routes, and 404 with the not-found page', async () => {
    dir = await tinyBuild()
    const server = await startHostingServer({ outDir: dir, host: '127.0.0.1', env: {} })
    close = server.close
    const get = (path: string) => fetch(server.origin + path, { redirect: 'manual' })
    expect(await (await get('/')).text()).toContain('home')
    expect(await (await get('/blog/1')).text()).toContain('post')
    // What once kept the service worker from installing under Hosting: a page's file name answers 301,
    // and the not-found page answers 404 whatever it is asked as.
    const moved = await get('/blog/1.html')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toMatch(/\/blog\/1$/)
    expect((await get('/404.html')).status).toBe(301)
    const missing = await get('/nope')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('not found')
    const shell = await get('/edit-kid/abc')
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain('shell')
    // firebase.json's headers, with this build's hash in the policy.
    expect(shell.headers.get('content-security-policy')).toContain(await sha('p{}'))
    expect(shell.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('emulatorSources and withConnectSources', () => {
  const config = readFirebaseConfig(resolve('firebase.json'))
  const rules = config.hosting.headers ?? []
  const policy = (changed: readonly HostingHeaderRule[]) =>
    everywhere(changed).find(({ key }) => key === 'Content-Security-Policy')?.value ?? ''
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
    expect(everywhere(withConnectSources(rules, sources)).length).toBe(everywhere(rules).length)
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
