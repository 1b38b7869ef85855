#!/usr/bin/env node
// `npm test`: typecheck, lint, the production build (one, made with the browser suite's emulator
// ports), unit tests (the port contracts on the fakes among them), the security rules tests and the port
// contracts on the Firebase adapter (in the emulators this machine can run), then the browser suite. The browser suite's online emulators start as soon as the build is made, beside the
// unit and rules tests (below).
// Ends with one NOT RUN line per kind of test that could not run here, then one plain line,
// `N passed, N failed`, counting every test and every failed step.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { channelsEnded } from './e2e-notes.mjs'
import { discover } from './emulator-env.mjs'
import { signalGroup, spawnGroup } from './process-group.mjs'

mkdirSync('test-results', { recursive: true })
let passed = 0
let failed = 0
const failures = []
const failureTails = []

const notRun = []
const timings = []
/** The steps running now, stopped with `npm test` on a signal (below). */
const running = new Set()

/** Runs one step, its output passed through; `okCodes` are the exit codes that are no failure
 * (test:emulators' 2 is NOT RUN). A failed step's last lines are printed again at the end, where a CI
 * log that keeps only its tail still shows why. */
async function run(name, command, args, { env = {}, okCodes = [0], held = false } = {}) {
  const heading = `\n=== ${name}: ${command} ${args.join(' ')}`
  // A step run beside another (held) keeps its output and prints it whole when it ends: two steps'
  // lines interleaved would be unreadable.
  const heldOutput = []
  if (held) console.log(`${heading} (beside the step above; its output follows when it ends)`)
  else console.log(heading)
  const started = Date.now()
  const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  running.add(child)
  let last = ''
  const keep = (chunk) => {
    last = (last + chunk.toString()).slice(-6000)
  }
  child.stdout.on('data', (chunk) => {
    if (held) heldOutput.push(chunk)
    else process.stdout.write(chunk)
    keep(chunk)
  })
  child.stderr.on('data', (chunk) => {
    if (held) heldOutput.push(chunk)
    else process.stderr.write(chunk)
    keep(chunk)
  })
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (code) => resolve(code ?? 1))
  })
  running.delete(child)
  if (held) {
    console.log(heading)
    for (const chunk of heldOutput) process.stdout.write(chunk)
  }
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const ok = okCodes.includes(status)
  if (!ok) {
    failures.push(name)
    // Colours stripped (ESC [ … m), last 25 lines.
    const lines = last
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .trimEnd()
      .split('\n')
      .slice(-25)
    failureTails.push(`--- ${name} (exit ${status}), its last lines:\n${lines.join('\n')}`)
  }
  return ok
}

function readJson(path) {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

function countStep(ok) {
  if (ok) passed += 1
  else failed += 1
}

/**
 * The browser suite's online emulators (scripts/online-emulators.mjs), started beside the unit and
 * rules tests: their 15 to 17 s start, which used half the two cores, then no longer delays the browser
 * suite's first test. Playwright's own start of that script finds them answering and shares them. They
 * are stopped as Playwright stops them (SIGINT, which the script passes on to firebase-tools' whole
 * group), after the browser suite, or on a signal to `npm test`.
 */
function startOnlineEmulators() {
  const log = createWriteStream('test-results/online-emulators-early.log')
  const child = spawnGroup(process.execPath, ['scripts/online-emulators.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const ready = new Promise((resolve) => {
    let seen = ''
    child.stdout.on('data', (chunk) => {
      seen = (seen + chunk.toString()).slice(-200)
      if (seen.includes('Online emulators READY')) resolve(true)
    })
    exited.then(() => resolve(false))
    // The script gives up after 150 s of its own; this is a last resort.
    delay(180_000).then(() => resolve(false))
  })
  const stop = async () => {
    signalGroup(child, 'SIGINT')
    // The script kills what firebase-tools leaves after 20 s of its own, then exits.
    const gone = await Promise.race([exited.then(() => true), delay(30_000).then(() => false)])
    if (!gone) signalGroup(child, 'SIGKILL')
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      for (const child of running) child.kill(signal)
      void stop().then(() => process.exit(1))
    })
  }
  return { ready, stop }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

countStep(await run('typecheck', 'npx', ['tsc', '--noEmit']))
countStep(await run('typecheck functions', 'npx', ['tsc', '--noEmit', '-p', 'functions']))
countStep(await run('lint', 'npx', ['biome', 'ci', '.']))

// One production build for the browser suite's two worlds (e2e/online-world.ts), made with the ports
// of the online world's emulators: there they answer; in the offline world every request to Firestore
// and the functions is refused by routing (e2e/fixtures.ts).
const buildOk = await run('build', 'npm', ['run', 'build'], {
  env: {
    VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: process.env.E2E_FIRESTORE_PORT ?? '8085',
    VITE_FIREBASE_AUTH_EMULATOR_PORT: process.env.E2E_AUTH_PORT ?? '9099',
    VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: process.env.E2E_FUNCTIONS_PORT ?? '5011',
  },
})
countStep(buildOk)

const found = discover()
if (!found.firestoreOk)
  notRun.push(`online browser tests: the Firestore emulator cannot run here: ${found.why.firestore}`)
const onlineEmulators = buildOk && found.firestoreOk ? startOnlineEmulators() : null

// The unit tests and the rules tests run side by side: the rules tests mostly wait on the Firestore
// emulator, whose start alone is 10 to 15 s, while the unit tests use the cores (docs/decisions/0081).
rmSync('test-results/rules-results.json', { force: true })
const unitRun = run('unit tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit-results.json',
])
// The rules tests and the port contracts on the adapter, in the emulators this machine can run
// (scripts/test-emulators.mjs says which, and prints NOT RUN for the others: exit code 2).
const rulesRun = run(
  'rules and contract tests',
  process.execPath,
  ['scripts/test-emulators.mjs', '--report=test-results/rules-results.json'],
  { okCodes: [0, 2], held: true },
)
const [unitOk, rulesOk] = await Promise.all([unitRun, rulesRun])
const unit = readJson('test-results/unit-results.json')
if (unit) {
  passed += unit.numPassedTests
  failed += unit.numFailedTests
}
if (!unitOk && (!unit || unit.numFailedTests === 0)) failed += 1

const rules = readJson('test-results/rules-results.json')
if (rules) {
  passed += rules.numPassedTests
  failed += rules.numFailedTests
}
if (!rulesOk && (!rules || rules.numFailedTests === 0)) failed += 1
if (!found.firestoreOk) {
  notRun.push(`Firestore rules tests: the Firestore emulator cannot run here: ${found.why.firestore}`)
  notRun.push(
    `port contracts on the Firebase adapter: the Firestore emulator cannot run here: ${found.why.firestore}`,
  )
}
if (!found.storageOk)
  notRun.push(`Storage rules tests: the Storage emulator cannot run here: ${found.why.storage}`)

if (buildOk) {
  if (onlineEmulators && !(await onlineEmulators.ready))
    console.log(
      'The online emulators started early did not get ready (test-results/online-emulators-early.log): ' +
        'the browser suite starts its own.',
    )
  const e2eOk = await run('browser tests', 'npx', ['playwright', 'test'])
  // playwright.config.ts names the report after a non-default E2E_PORT (side-by-side runs).
  const port = Number(process.env.E2E_PORT ?? 4173)
  const e2e = readJson(`test-results/e2e-results${port === 4173 ? '' : `-${port}`}.json`)
  if (e2e?.stats) {
    passed += e2e.stats.expected
    failed += e2e.stats.unexpected + e2e.stats.flaky
    // Noted, not failed (docs/decisions/0091): how often the emulator ended a Firestore channel.
    const ended = channelsEnded(e2e)
    if (ended.notes)
      console.log(
        `Firestore channels the emulator had ended (noted, docs/decisions/0091): ${ended.notes} in ${ended.tests} test(s)`,
      )
  }
  if (!e2eOk && (!e2e?.stats || e2e.stats.unexpected === 0)) failed += 1
}

await onlineEmulators?.stop()

console.log(`\nStep times: ${timings.join(', ')}`)
for (const line of notRun) console.log(`NOT RUN: ${line}`)
if (failures.length) {
  for (const block of failureTails) console.log(`\n${block}`)
  console.log(`\nFailed steps: ${failures.join(', ')}`)
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && failures.length === 0 ? 0 : 1)
