#!/usr/bin/env node
// `npm start`: builds the app and serves it with the Firebase emulators (Auth, Firestore, Storage and
// Hosting, project demo-sunbeam), keeping their data in .emulator-data/ between runs. Firestore and
// Storage need Java 21; without it the site still runs with Auth and Hosting, and this script says
// plainly what is missing and what that means.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

const PROJECT = 'demo-sunbeam'
const DATA_DIR = '.emulator-data'
const REQUIRED_JAVA = 21

const config = JSON.parse(readFileSync('firebase.json', 'utf8'))
const ports = {
  auth: config.emulators.auth.port,
  firestore: config.emulators.firestore.port,
  storage: config.emulators.storage.port,
  hosting: config.emulators.hosting.port,
}
const host = config.emulators.hosting.host
const siteUrl = `http://${host}:${ports.hosting}`

/** The major version of `java` on the PATH (8 for '1.8.0_x'), or null when there is none. */
function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) return null
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`)
  if (!match) return null
  const major = Number(match[1])
  return major === 1 ? Number(match[2]) : major
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

// 1. Find what this machine can run (Firestore and Storage need Java 21).
// 2. Check the ports.
const java = javaMajorVersion()
const fullSuite = java !== null && java >= REQUIRED_JAVA
const emulators = fullSuite ? ['auth', 'firestore', 'storage', 'hosting'] : ['auth', 'hosting']

// Checked before the build, so a second `npm start` stops at once. The logging port (4500) is fixed
// by the CLI; the emulator hub moves to a free port by itself.
const busy = []
for (const name of emulators) if (!(await portFree(ports[name]))) busy.push(`${name} (port ${ports[name]})`)
if (!(await portFree(4500))) busy.push('emulator logging (port 4500)')
if (busy.length) {
  console.error(
    `\nCannot start: these ports are already in use: ${busy.join(', ')}.\n` +
      'Another `npm start` or Firebase emulator is probably running; stop it and run npm start again.',
  )
  process.exit(1)
}

// 3. Build the app into the folder Hosting serves (firebase.json hosting.public).
console.log('Building the app (npm run build)...')
const buildEnv = { ...process.env }
delete buildEnv.SUNBEAM_OUT_DIR
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: buildEnv })
if (build.status !== 0) {
  console.error(
    '\nThe build failed, so there is nothing to serve. Fix the error above and run npm start again.',
  )
  process.exit(build.status ?? 1)
}

// 4. Start the emulators.
const lines = ['', `Starting the Firebase emulators: ${emulators.join(', ')} (project ${PROJECT}).`]
if (!fullSuite) {
  const found = java === null ? 'no Java was found' : `this machine has Java ${java}`
  lines.push(
    '',
    `MISSING: the Firestore and Storage emulators are NOT running: they need Java ${REQUIRED_JAVA} or newer, and ${found}.`,
    'What that means while you use the site:',
    '  - Sign up, sign in, sign out and password-reset e-mails work (the Auth emulator; reset links appear in this log).',
    "  - Profile names, Quick Inquire messages and child records are kept in the browser's offline cache and wait",
    '    in its queue; they reach a database only once the Firestore emulator runs.',
    '  - Child photos cannot upload (no Storage emulator), so new children stay waiting in the outbox.',
    `  To run everything, install Java ${REQUIRED_JAVA} (e.g. the openjdk-${REQUIRED_JAVA}-jre-headless package or https://adoptium.net) and run npm start again.`,
  )
}
const hasData = existsSync(`${DATA_DIR}/firebase-export-metadata.json`)
lines.push(
  hasData
    ? `Loading the data saved by the last run from ${DATA_DIR}/.`
    : `No saved data yet: starting empty. Data is saved to ${DATA_DIR}/ when you stop with Ctrl+C.`,
)
console.log(lines.join('\n'))

const args = ['firebase', 'emulators:start', '--only', emulators.join(','), '--project', PROJECT]
if (hasData) args.push('--import', DATA_DIR)
args.push('--export-on-exit', DATA_DIR)

const child = spawn('npx', args, {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
})

let announced = false
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!announced && /All emulators ready/.test(String(chunk))) {
    announced = true
    console.log(
      [
        '',
        `  Sunbeam is running: open ${siteUrl} in your browser.`,
        fullSuite
          ? '  Everything runs locally: Auth, Firestore, Storage and Hosting.'
          : '  Running: Auth and Hosting only (Firestore and Storage need Java 21, see above).',
        '  Stop with Ctrl+C (the emulators then save their data).',
        '',
      ].join('\n'),
    )
  }
})

// Ctrl+C reaches the emulators too; wait for them to save their data and exit, then exit the same way.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') child.kill('SIGTERM')
  })
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0))
})
