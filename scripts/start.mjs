#!/usr/bin/env node
// `npm start`: builds the app and serves it with the Firebase emulators (project demo-sunbeam): Auth,
// Functions (functions/lib, built with the app) and Hosting always, Firestore and Storage wherever this machine can run them (scripts/emulator-env.mjs
// finds Java 21+ and the emulators), keeping their data in .emulator-data/ between runs. It says plainly
// what runs and what that means for a parent's children and photos.
//
// Quiet on purpose: a one-line build summary instead of the build's table, no line per request; the
// emulators' full output goes to npm-start.log, and what a person needs from it (the Auth emulator's
// password-reset and other e-mail links, warnings, errors) is printed here, the links set apart.
import { spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { DEV_VAPID } from './dev-push-keys.mjs'
import { describe, discover, emulatorEnv } from './emulator-env.mjs'
import { servedConfig } from './hosting-config.mjs'
import { leftoverEmulators } from './leftover-emulators.mjs'
import { spawnGroup, stopGroupWithThisProcess } from './process-group.mjs'
import { startSmtpCatcher } from './smtp-catcher.mjs'

const PROJECT = 'demo-sunbeam'
// A test of `npm start` (scripts/start-stop.test.ts) keeps its data and log apart, moves every port
// the emulators open to SUNBEAM_START_PORT_BASE and on, and may serve the build already in dist/
// (SUNBEAM_START_BUILD=skip): what it checks, the stop, does not depend on the build.
const DATA_DIR = process.env.SUNBEAM_START_DATA_DIR || '.emulator-data'
const LOG_FILE = process.env.SUNBEAM_START_LOG || 'npm-start.log'
const PORT_BASE = Number(process.env.SUNBEAM_START_PORT_BASE) || 0
// firebase.json with the emulators allowed in the Content-Security-Policy's connect-src, which production's
// names none of (docs/decisions/0010-security-headers.md); written after the build, not committed.
const LOCAL_CONFIG = 'firebase.local.json'

const config = JSON.parse(readFileSync('firebase.json', 'utf8'))
const ports = PORT_BASE
  ? {
      auth: PORT_BASE,
      firestore: PORT_BASE + 1,
      functions: PORT_BASE + 2,
      storage: PORT_BASE + 3,
      hosting: PORT_BASE + 4,
    }
  : {
      auth: config.emulators.auth.port,
      firestore: config.emulators.firestore.port,
      functions: config.emulators.functions.port,
      storage: config.emulators.storage.port,
      hosting: config.emulators.hosting.port,
    }
// The CLI's own ports: its logging (4500 unless moved) and hub, and Firestore's websocket.
const LOGGING_PORT = PORT_BASE ? PORT_BASE + 5 : 4500
if (PORT_BASE) {
  for (const name of Object.keys(ports)) config.emulators[name].port = ports[name]
  Object.assign(config.emulators, {
    logging: { host: '127.0.0.1', port: LOGGING_PORT },
    hub: { host: '127.0.0.1', port: PORT_BASE + 6 },
  })
  config.emulators.firestore.websocketPort = PORT_BASE + 7
}
const host = config.emulators.hosting.host
const siteUrl = `http://${host}:${ports.hosting}`

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

// 1. What this machine can run.
const found = discover()
const emulators = [
  'auth',
  ...(found.firestoreOk ? ['firestore'] : []),
  'functions',
  ...(found.storageOk ? ['storage'] : []),
  'hosting',
]

// 2. The ports, checked before the build so that a second `npm start` stops at once. The logging port
// (4500) is fixed by the CLI; the emulator hub moves to a free port by itself.
const busy = []
for (const name of emulators) if (!(await portFree(ports[name]))) busy.push(`${name} (port ${ports[name]})`)
if (!(await portFree(LOGGING_PORT))) busy.push(`emulator logging (port ${LOGGING_PORT})`)
if (
  process.env.SUNBEAM_START_SMTP !== 'off' &&
  !(await portFree(Number(process.env.SMTP_CATCHER_PORT ?? 2525)))
)
  busy.push('the e-mail catcher (SMTP_CATCHER_PORT, 2525)')
if (busy.length) {
  const leftovers = leftoverEmulators()
  console.error(
    [
      `\nCannot start: these ports are already in use: ${busy.join(', ')}.`,
      ...(leftovers.length
        ? [
            'These emulators are still running (an earlier npm start that was stopped, or another one):',
            ...leftovers.map(({ pid, kind }) => `  - ${kind} (process ${pid})`),
            `Stop them with: kill ${leftovers.map(({ pid }) => pid).join(' ')}`,
            'and run npm start again (if one is another npm start of yours, press Ctrl+C there instead).',
          ]
        : ['Another program holds them; stop it and run npm start again.']),
    ].join('\n'),
  )
  process.exit(1)
}

// 3. Build the app into the folder Hosting serves (firebase.json hosting.public): one line unless it fails.
process.stdout.write('Building the app (npm run build)... ')
const buildEnv = { ...process.env }
delete buildEnv.SUNBEAM_OUT_DIR
delete buildEnv.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT
if (PORT_BASE)
  Object.assign(buildEnv, {
    VITE_FIREBASE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
  })
const buildStarted = Date.now()
const build =
  process.env.SUNBEAM_START_BUILD === 'skip'
    ? { status: 0, stdout: '' }
    : spawnSync('npm', ['run', 'build'], { encoding: 'utf8', env: buildEnv })
if (build.status !== 0) {
  console.log('FAILED.\n')
  process.stdout.write(`${build.stdout ?? ''}${build.stderr ?? ''}`)
  console.error(
    '\nThe build failed, so there is nothing to serve. Fix the error above and run npm start again.',
  )
  process.exit(build.status ?? 1)
}
const precache = /precache\s+(\d+) entries \(([\d.]+) KiB\)/.exec(build.stdout ?? '')
console.log(
  `done in ${((Date.now() - buildStarted) / 1000).toFixed(0)} s` +
    (precache
      ? ` (${precache[1]} files for offline use, ${(Number(precache[2]) / 1024).toFixed(1)} MB).`
      : '.'),
)

// The Hosting emulator serves firebase.json's headers itself: give it the copy whose policy allows this
// build's inline script and styles (by hash) and lets the demo build reach the emulators.
const served = await servedConfig({ outDir: config.hosting.public, emulators: true, env: buildEnv })
writeFileSync(LOCAL_CONFIG, `${JSON.stringify({ ...served, emulators: config.emulators }, null, 2)}\n`)

// 4. Say what runs and what it means.
const photos = found.storageOk
  ? ['  - Child photos upload to the Storage emulator; children are saved with them.']
  : [
      `  - Storage is NOT running (${found.why.storage}).`,
      '    Child photos cannot upload, and a child is saved only once its photos are: new children stay',
      '    listed as "Waiting to upload" (photos kept on this device) and never reach Firestore here.',
    ]
const records = found.firestoreOk
  ? ['  - Profile names, Quick Inquire messages and child records are saved in the Firestore emulator.']
  : [
      `  - Firestore is NOT running (${found.why.firestore}).`,
      "    Profile names, Quick Inquire messages and child records stay in the browser's offline cache and queue.",
      `    To run it, install Java 21 or newer (e.g. the openjdk-21-jre-headless package) and run npm start again.`,
    ]
// Where Storage cannot run, the functions' Storage side is the logged stand-in (functions/src/logged-bucket.ts):
// the photos they would delete are written to this file.
const STORAGE_LOG = path.resolve('npm-start-storage-deletes.log')
const functions = [
  '  - Cloud Functions run in the Functions emulator: a child or an account deleted in any way (the app,',
  "    the emulators' REST APIs) loses its records; the log below says so for each run.",
  ...(found.storageOk
    ? []
    : [`    Without Storage, the photos they would delete are listed in ${path.basename(STORAGE_LOG)}.`]),
]
const hasData = existsSync(`${DATA_DIR}/firebase-export-metadata.json`)
console.log(
  [
    '',
    ...describe(found),
    '',
    `Starting the Firebase emulators: ${emulators.join(', ')} (project ${PROJECT}).`,
    '  - Sign up, sign in, sign out and password resets work (Auth; reset links are printed below).',
    ...records,
    ...photos,
    ...functions,
    hasData
      ? `Loading the data saved by the last run from ${DATA_DIR}/.`
      : `No saved data yet: starting empty. Data is saved to ${DATA_DIR}/ when you stop with Ctrl+C.`,
    `The emulators' full output: ${LOG_FILE}.`,
  ].join('\n'),
)

const args = [
  'firebase',
  'emulators:start',
  '--only',
  emulators.join(','),
  '--project',
  PROJECT,
  '--config',
  LOCAL_CONFIG,
]
if (hasData) args.push('--import', DATA_DIR)
args.push('--export-on-exit', DATA_DIR)

const log = createWriteStream(LOG_FILE)
// The CLI in a process group of its own, with the JVMs it starts: whatever stops this script (Ctrl+C, a
// process manager's SIGTERM, `timeout`), the whole group is stopped, and no emulator is left holding a
// port for the next start.
const env = emulatorEnv(found)
if (!found.storageOk) env.SUNBEAM_STORAGE_LOG = STORAGE_LOG
// The functions' e-mails (notices, the centre's) go to a local catcher that prints each one's subject
// and link here and sends nothing on (SMTP_CATCHER_PORT, 2525); push uses the demo project's keys.
// SUNBEAM_START_SMTP=off runs them as a centre that has not set up e-mail yet (no SMTP_URL): each
// e-mail not sent is one line in the log (scripts/start-stop.test.ts checks it).
const smtpPort = Number(process.env.SMTP_CATCHER_PORT ?? 2525)
const smtpOff = process.env.SUNBEAM_START_SMTP === 'off'
if (!smtpOff) {
  await startSmtpCatcher({ port: smtpPort, file: path.resolve('npm-start-mail.jsonl') })
  env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`
} else delete env.SMTP_URL
Object.assign(env, {
  SITE_ORIGIN: siteUrl,
  SUNBEAM_FUNCTIONS_ORIGIN: `http://${host}:${ports.functions}`,
  VAPID_PUBLIC_KEY: DEV_VAPID.publicKey,
  VAPID_PRIVATE_KEY: DEV_VAPID.privateKey,
  VAPID_SUBJECT: DEV_VAPID.subject,
})
console.log(
  smtpOff
    ? 'E-mail is off (SUNBEAM_START_SMTP=off): the functions send none, and say so in the log.'
    : `E-mails are caught on smtp://127.0.0.1:${smtpPort} (none is sent on): each is printed below.`,
)
const child = spawnGroup('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env })

// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's colour codes
const ansi = /\u001b\[[0-9;]*m/g
const link =
  /(To (?:reset the password for|sign in as|verify the email address|verify and change the email address from) .*?), follow this link: (\S+)/
let announced = false
let pending = ''

function show(rawLine) {
  const line = rawLine.replace(ansi, '')
  const match = link.exec(line)
  if (match) {
    const reset = match[2]?.includes('NEW_PASSWORD_HERE')
    console.log(
      [
        '',
        '  ================================================================',
        `  ${match[1]}, open:`,
        `  ${match[2]}`,
        ...(reset ? ['  (put the new password in place of NEW_PASSWORD_HERE first)'] : []),
        '  ================================================================',
        '',
      ].join('\n'),
    )
    return
  }
  if (!announced && /All emulators ready/.test(line)) {
    announced = true
    console.log(
      [
        '',
        `  Sunbeam is running: open ${siteUrl} in your browser.`,
        `  Running: ${emulators.join(', ')}.`,
        '  Stop with Ctrl+C (the emulators then save their data).',
        '',
      ].join('\n'),
    )
    if (found.firestoreOk) void warmUpFirestore()
    return
  }
  // Which functions loaded, and each one's work (the functions' own log lines: what they deleted).
  if (/functions: Loaded functions definitions/.test(line)) console.log(`  ${line.trim()}`)
  const work = /"message":"((?:Child|Account) deleted[^"]*)"/.exec(line)
  if (work) console.log(`  Functions: ${work[1]}.`)
  // Warnings and errors, except those that say nothing to act on: the CLI cannot fetch its news, uses
  // the launcher JAR this script gave it (said above), and has no UI for these emulators.
  const expected = /CLI MOTD|Env variable override detected|Emulator UI is not starting/
  if (/^\s*(⚠|!!|Error|error:)/.test(line) && !expected.test(line)) console.log(line)
}

function onOutput(chunk) {
  log.write(chunk)
  pending += String(chunk)
  const lines = pending.split('\n')
  pending = lines.pop() ?? ''
  for (const line of lines) show(line)
}
child.stdout.on('data', onOutput)
child.stderr.on('data', onOutput)

/**
 * A fresh Firestore emulator took 11 to 19 s to answer its first write here (a cold JVM), so a parent's
 * first save waited that long. Reading once (nothing written) makes that shorter.
 */
async function warmUpFirestore() {
  const documents = `http://127.0.0.1:${ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents`
  try {
    await fetch(`${documents}/users/warm-up`, { headers: { Authorization: 'Bearer owner' } })
  } catch {
    // Only a head start: the app works without it.
  }
}

// Any stop: the emulators are asked to save their data and exit (SIGINT, as Ctrl+C would), however
// long saving takes; a second Ctrl+C stops at once. Whatever firebase-tools started that is still
// running once it is gone (a JVM in a session of its own) is killed: nothing outlives this script.
const stop = stopGroupWithThisProcess(child, {
  onStop: () =>
    console.log('\nStopping the emulators (saving their data; Ctrl+C again stops at once, unsaved)...'),
})
child.on('exit', async (code, signal) => {
  await stop.done
  if (pending) show(pending)
  log.end()
  process.exit(stop.stopping ? 0 : (code ?? (signal ? 1 : 0)))
})
