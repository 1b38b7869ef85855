// @vitest-environment node
// `npm start` stopped as Ctrl+C stops it (SIGINT to its whole process group) while the emulators hold
// data (a user in Auth, documents in Firestore): the data is saved, and no process it started and no
// port it opened is left (issue 53: the Firestore emulator's JVM, in a session of its own, once held
// its port a minute later). Run as a centre without e-mail (SUNBEAM_START_SMTP=off, no SMTP_URL): a
// registration and a decision each leave one line in the functions' log, and no stack trace. The real `npm start`, on ports of its own (SUNBEAM_START_PORT_BASE, 6100
// and on unless SUNBEAM_START_TEST_PORT_BASE says otherwise), serving the build already made.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { discover } from './emulator-env.mjs'
import { descendantsOf, stillRunning } from './process-group.mjs'

const BASE = Number(process.env.SUNBEAM_START_TEST_PORT_BASE ?? 6100)
const PORTS = Array.from({ length: 9 }, (_, index) => BASE + index)
const found = process.platform === 'linux' ? discover() : null
const notRun =
  process.platform !== 'linux'
    ? 'the processes are followed through /proc (Linux only)'
    : !found?.firestoreOk
      ? `the Firestore emulator cannot run here (${found?.why.firestore})`
      : !existsSync('dist/index.html') || !existsSync('functions/lib/index.js')
        ? 'no build to serve (npm run build first)'
        : null

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(notRun !== null)(
  `npm start stopped with Ctrl+C${notRun ? ` (NOT RUN: ${notRun})` : ''}`,
  () => {
    let npm: ChildProcess | null = null
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-'))
    // Every process npm start runs, followed while it runs (a JVM may leave the group and the tree).
    const seen = new Map<number, { pid: number; start: string }>()
    afterAll(() => {
      // Only if the test failed half-way: nothing of this run stays, the processes that left the group
      // (the Firestore emulator's JVM, in a session of its own) included.
      if (npm?.pid && npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid, 'SIGKILL')
      for (const p of seen.values()) if (stillRunning(p)) process.kill(p.pid, 'SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    })

    it('saves the data, and leaves no process and no port behind', { timeout: 300_000 }, async () => {
      for (const port of PORTS) expect(await portFree(port), `port ${port} is free before`).toBe(true)
      npm = spawn('npm', ['start'], {
        // A terminal's foreground job: a process group of its own, which Ctrl+C signals whole.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          SUNBEAM_START_PORT_BASE: String(BASE),
          SMTP_CATCHER_PORT: String(BASE + 8),
          SUNBEAM_START_SMTP: 'off',
          SUNBEAM_START_BUILD: 'skip',
          SUNBEAM_START_DATA_DIR: join(dir, 'data'),
          SUNBEAM_START_LOG: join(dir, 'npm-start.log'),
        },
      })
      const child = npm
      let output = ''
      child.stdout?.on('data', (chunk) => {
        output += String(chunk)
      })
      child.stderr?.on('data', (chunk) => {
        output += String(chunk)
      })
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
      )
      const follow = setInterval(() => {
        if (child.pid) for (const p of descendantsOf(child.pid)) seen.set(p.pid, p)
      }, 200)
      try {
        const deadline = Date.now() + 180_000
        while (!/Sunbeam is running/.test(output)) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`npm start did not get ready:\n${output}`)
          await sleep(250)
        }
        // Data to save: a parent in Auth, a document in Firestore.
        const signUp = await fetch(
          `http://127.0.0.1:${BASE}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ctrl-c@example.com', password: 'sunbeam-secret-1' }),
          },
        )
        expect(signUp.ok).toBe(true)
        // Notice e-mails go to verified addresses only (issue 50): the parent confirms theirs.
        const { localId: uid } = (await signUp.json()) as { localId: string }
        const verified = await fetch(
          `http://127.0.0.1:${BASE}/identitytoolkit.googleapis.com/v1/projects/demo-sunbeam/accounts:update`,
          {
            method: 'POST',
            headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
            body: JSON.stringify({ localId: uid, emailVerified: true }),
          },
        )
        expect(verified.ok).toBe(true)
        const write = await fetch(
          `http://127.0.0.1:${BASE + 1}/v1/projects/demo-sunbeam/databases/(default)/documents/users?documentId=${uid}`,
          {
            method: 'POST',
            headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
            body: JSON.stringify({ fields: { name: { stringValue: 'Ctrl C' } } }),
          },
        )
        expect(write.ok).toBe(true)
        // A registration (the centre's e-mail) and a decision (the parent's notice, by e-mail: no push).
        const documents = `http://127.0.0.1:${BASE + 1}/v1/projects/demo-sunbeam/databases/(default)/documents`
        const put = (path: string, fields: Record<string, unknown>) =>
          fetch(`${documents}/${path}`, {
            method: 'PATCH',
            headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
            body: JSON.stringify({ fields }),
          })
        expect(
          (
            await put('kids/kid53', {
              userRef: { stringValue: uid },
              kidName: { stringValue: 'Ada' },
              plan: { stringValue: 'Monthly' },
            })
          ).ok,
        ).toBe(true)
        expect(
          (
            await put(`users/${uid}`, {
              email: { stringValue: 'ctrl-c@example.com' },
              name: { stringValue: 'Ctrl C' },
            })
          ).ok,
        ).toBe(true)
        expect(
          (
            await put('registrations/kid53', {
              state: { stringValue: 'confirmed' },
              startDate: { stringValue: '2027-01-04' },
              decidedAt: { integerValue: String(Date.now()) },
              decidedBy: { stringValue: 'staff1' },
            })
          ).ok,
        ).toBe(true)
        const log = () => readFileSync(join(dir, 'npm-start.log'), 'utf8')
        const noEmail = /E-mail is not set up \(SMTP_URL is not set\): nothing was e-mailed/g
        await expect.poll(() => log().match(noEmail)?.length ?? 0, { timeout: 90_000 }).toBe(2)
        expect(log()).toContain('not e-mailed to the parent')
        expect(log(), 'no stack trace from the functions').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
        expect(log()).not.toMatch(/SMTP_URL is not set: the e-mail cannot be sent/)
        const java = [...seen.values()].length
        expect(java, 'processes followed').toBeGreaterThan(2)

        if (child.pid) process.kill(-child.pid, 'SIGINT')
        // npm ends as a Ctrl+C'd npm does (by the signal, once its script has), or with 0.
        expect(['SIGINT', 'code 0']).toContain(await exited)
      } finally {
        clearInterval(follow)
      }
      expect(existsSync(join(dir, 'data', 'firebase-export-metadata.json')), output).toBe(true)
      const left = [...seen.values()].filter((p) => stillRunning(p))
      expect(
        left.map((p) => p.pid),
        'processes left',
      ).toEqual([])
      for (const port of PORTS) expect(await portFree(port), `port ${port} is free after`).toBe(true)
    })
  },
)
