// The committed firebase.json serves the committed build correctly (issue 53, decision 0066): served by
// firebase-tools' own Hosting emulator (`firebase emulators:start --only hosting`, what a bare
// `firebase deploy` would put online) with the committed hosting config as it is, the pages' inline
// script and styles are allowed and the service worker installs. And the committed hashes are those
// of this build: after a change to a stylesheet or a page's inline script, `npm run csp-hashes`.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { committedConfigFor } from '../scripts/csp-hashes.mjs'
import { expect, test } from './fixtures'
import { outDir, waitForServiceWorker } from './service-worker'

/** A port nothing listens on now (the emulator, its hub and its log each need one of their own). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test("firebase.json's policy has this build's hashes (else: npm run csp-hashes)", async () => {
  const { stale } = await committedConfigFor({ outDir })
  expect(stale, "firebase.json's Content-Security-Policy is stale: run npm run csp-hashes").toBe(false)
})

test.describe('served by the Hosting emulator with the committed firebase.json', () => {
  // The suite blocks service workers unless a test needs one: this one checks that it installs.
  test.use({ serviceWorkers: 'allow' })
  let emulator: ChildProcess | null = null
  let origin = ''
  let dir = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const committed = JSON.parse(readFileSync('firebase.json', 'utf8'))
    const [port, hub, logging] = [await freePort(), await freePort(), await freePort()]
    // The committed hosting config as it is, beside the build (`public` names it: a link to the build
    // this suite tests); only the emulators' own ports (the committed ones may be taken by an
    // `npm start`) are this test's.
    dir = mkdtempSync(join(tmpdir(), 'committed-hosting-'))
    symlinkSync(outDir, join(dir, committed.hosting.public))
    const config = {
      hosting: committed.hosting,
      emulators: {
        hosting: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config, null, 2))
    const cli = resolve('node_modules/firebase-tools/lib/bin/firebase.js')
    const args = ['emulators:start', '--only', 'hosting', '--project', 'demo-sunbeam']
    emulator = spawn(process.execPath, [cli, ...args, '--config', join(dir, 'firebase.json')], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`The Hosting emulator did not start:\n${output}`)),
        90_000,
      )
      const read = (chunk: Buffer) => {
        output += String(chunk)
        if (/All emulators ready/.test(output)) {
          clearTimeout(timer)
          done()
        }
      }
      emulator?.stdout?.on('data', read)
      emulator?.stderr?.on('data', read)
      emulator?.once('exit', (code) => fail(new Error(`The Hosting emulator exited (${code}):\n${output}`)))
    })
    origin = `http://127.0.0.1:${port}`
  })

  test.afterAll(async () => {
    const child = emulator
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      process.kill(-child.pid, 'SIGINT')
      await exited
    }
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('the pages keep their inline script and styles, and the service worker installs', async ({ page }) => {
    // The fixture fails the test on any Content-Security-Policy violation or console error.
    await page.goto(`${origin}/`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The inlined stylesheet applies: the header is laid out by it, not the browser's defaults.
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0)
    expect(await page.locator('.top-bar').evaluate((bar) => getComputedStyle(bar).color)).not.toBe(
      'rgb(0, 0, 0)',
    )
    await waitForServiceWorker(page)
    for (const path of ['/about', '/login']) {
      await page.goto(`${origin}${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true')
    }
  })
})
