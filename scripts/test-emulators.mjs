#!/usr/bin/env node
// `npm run test:emulators`: the security rules tests (tests/rules/), each where this machine can run its
// emulator (scripts/emulator-env.mjs finds Java 21+ and the emulators), and the port contracts on the
// Firebase adapter (tests/contracts/, src/testing/contracts/). Firestore's emulator is started by itself
// on a free port for the rules, as the browser suite's online world starts it; Storage's inside
// `firebase emulators:exec`, the only thing that runs it; the contracts' Auth and Firestore inside
// `firebase emulators:exec` too (Auth runs only there). Tests whose emulator cannot run are reported on
// one NOT RUN line each: never as passed.
//
// Arguments, if any, are test files to run instead of all of them (scripts/predeploy-rules.mjs runs the
// ones for the rules being deployed); `--report=FILE` also writes Vitest's JSON report there (npm test
// counts it). The emulators listen on free ports (never firebase.json's 8080, which the browser suite
// needs refusing); Storage's from a config written into node_modules/.cache/sunbeam/.
//
// Exit codes: 0 every test asked for ran and passed; 2 some did NOT RUN (no emulator for them) and
// those that ran passed; anything else failed or could not finish (a 2 from the tests or the emulators
// is reported as 1, so 2 means only NOT RUN).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, discover, emulatorEnv, firestoreCommand, TEST_JVM_OPTIONS } from './emulator-env.mjs'

const NOT_RUN = 2
const TEST_DIR = 'tests/rules'
const CONTRACT_DIR = 'tests/contracts'
const HOST = '127.0.0.1'

const args = process.argv.slice(2)
const report = args.find((arg) => arg.startsWith('--report='))?.slice('--report='.length)
const asked = args.filter((arg) => !arg.startsWith('--report='))
const badFile = asked.find((file) => !/^tests\/(?:rules|contracts)\/[\w.-]+\.test\.ts$/.test(file))
if (badFile !== undefined) {
  console.error(
    `test-emulators: '${badFile}' is not a test file in tests/rules/ or tests/contracts/ (tests/rules/NAME.test.ts).`,
  )
  process.exit(1)
}
const testsOf = (dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `${dir}/${name}`)
const testFiles = asked.length > 0 ? asked : [...testsOf(TEST_DIR), ...testsOf(CONTRACT_DIR)]

// A contract file needs Auth and Firestore; a rules file that loads storage.rules the Storage emulator;
// every other one, Firestore.
const needs = (file) =>
  file.startsWith(`${CONTRACT_DIR}/`)
    ? 'contracts'
    : readFileSync(file, 'utf8').includes('storage.rules')
      ? 'storage'
      : 'firestore'
const found = discover()
for (const line of describe(found)) console.log(line)

// The contracts' Auth emulator is firebase-tools' own (Node): what they need of this machine is Firestore's.
const canRun = (kind) => found[`${kind === 'contracts' ? 'firestore' : kind}Ok`]
const runnable = testFiles.filter((file) => canRun(needs(file)))
const notRun = testFiles.filter((file) => !runnable.includes(file))
for (const kind of ['firestore', 'storage', 'contracts']) {
  const files = notRun.filter((file) => needs(file) === kind)
  if (files.length === 0) continue
  const name = kind === 'storage' ? 'Storage' : 'Firestore'
  const what = kind === 'contracts' ? 'Port contracts on the Firebase adapter' : `${name} rules tests`
  console.log(
    `NOT RUN: ${what} (${files.join(', ')}): the ${name} emulator cannot run here: ${found.why[kind === 'storage' ? 'storage' : 'firestore']}.`,
  )
}
if (runnable.length === 0) process.exit(NOT_RUN)

/** Ports handed out by this run: one config never names a port twice. */
const handedOut = new Set()

/**
 * A port free now, below the system's range of ephemeral ports (32768 to 60999 on Linux). A port the
 * system picks (listen on 0) is an ephemeral one: between closing it here and the emulator binding it,
 * any outgoing connection on the machine may take it, and a CI run failed so ("Could not start
 * websocket server for firestore, port taken"). No outgoing connection is given a port below that range.
 */
async function freePort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (handedOut.has(port)) continue
    const free = await new Promise((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, HOST, () => server.close(() => resolve(true)))
    })
    if (free) {
      handedOut.add(port)
      return port
    }
  }
}

const reportFor = (kind) => report && path.resolve(`${report}.${kind}.json`)
const vitestCommand = (files, kind) => [
  'npx',
  'vitest',
  'run',
  '--config',
  kind === 'contracts' ? 'vitest.contracts.config.ts' : 'vitest.rules.config.ts',
  ...(report ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFor(kind)}`] : []),
  ...files,
]

/** The Firestore files against the emulator started by itself, as the browser suite's online world
 * starts it (no firebase-tools in between: one way to start it, the one CI has proved). */
async function runFirestoreFiles(files) {
  const port = await freePort()
  const command = firestoreCommand(found, {
    host: HOST,
    port,
    rules: path.resolve('firestore.rules'),
    projectId: 'demo-sunbeam',
    singleProject: false,
    jvmOptions: TEST_JVM_OPTIONS,
  })
  mkdirSync('test-results', { recursive: true })
  const log = `test-results/firestore-emulator-rules-${port}.log`
  console.log(`Firestore emulator on ${HOST}:${port}; its log: ${log}`)
  const out = openSync(log, 'w')
  const child = spawn(command.command, command.args, { stdio: ['ignore', out, out] })
  let exited = null
  child.on('exit', (code, signal) => {
    exited = signal ?? code
  })
  const stop = () => {
    if (exited === null) child.kill('SIGTERM')
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
  try {
    const deadline = Date.now() + 120_000
    while (!(await answers(`http://${HOST}:${port}/`))) {
      if (exited !== null || Date.now() > deadline) {
        const why = exited !== null ? `exited (${exited})` : 'did not answer within 120 s'
        console.error(`The Firestore emulator ${why}. The end of its log:\n${tail(log)}`)
        return 1
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const [bin, ...rest] = vitestCommand(files, 'firestore')
    const result = spawnSync(bin, rest, {
      stdio: 'inherit',
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: `${HOST}:${port}` },
    })
    return result.status ?? 1
  } finally {
    stop()
  }
}

/** The Storage files inside `firebase emulators:exec`: firebase-tools is what runs Storage's emulator. */
async function runStorageFiles(files) {
  // firebase.json's emulator settings with free ports, and the rules file by absolute path (the config
  // lives in the cache folder, which firebase-tools then takes as the project's folder).
  const config = {
    storage: { rules: path.resolve('storage.rules') },
    emulators: {
      storage: { host: HOST, port: await freePort() },
      hub: { host: HOST, port: await freePort() },
      logging: { host: HOST, port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  const cacheDir = path.resolve('node_modules/.cache/sunbeam')
  mkdirSync(cacheDir, { recursive: true })
  const configFile = path.join(cacheDir, `firebase.rules-tests-${process.pid}.json`)
  writeFileSync(configFile, JSON.stringify(config, null, 2))
  const result = spawnSync(
    'npx',
    [
      'firebase',
      '--config',
      configFile,
      'emulators:exec',
      '--only',
      'storage',
      '--project',
      'demo-sunbeam',
      vitestCommand(files, 'storage').join(' '),
    ],
    { stdio: 'inherit', env: emulatorEnv(found) },
  )
  rmSync(configFile, { force: true })
  return result.status ?? 1
}

/**
 * The contract files against the Firebase adapter, inside `firebase emulators:exec` with Auth and
 * Firestore (firestore.rules) on free ports, which the adapter reads as a build would
 * (VITE_FIREBASE_*_EMULATOR_PORT, src/firebase/firebase-config.ts). Storage is not among them: it cannot
 * run here, so PhotoStoragePort's contract runs on the fake only (src/testing/contracts/photos-contract.ts).
 */
async function runContractFiles(files) {
  const auth = await freePort()
  const firestore = await freePort()
  const config = {
    firestore: { rules: path.resolve('firestore.rules') },
    emulators: {
      auth: { host: HOST, port: auth },
      firestore: { host: HOST, port: firestore, websocketPort: await freePort() },
      hub: { host: HOST, port: await freePort() },
      logging: { host: HOST, port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  const cacheDir = path.resolve('node_modules/.cache/sunbeam')
  mkdirSync(cacheDir, { recursive: true })
  const configFile = path.join(cacheDir, `firebase.contracts-${process.pid}.json`)
  writeFileSync(configFile, JSON.stringify(config, null, 2))
  console.log(`Auth emulator on ${HOST}:${auth}, Firestore on ${HOST}:${firestore} (firestore.rules)`)
  const result = spawnSync(
    'npx',
    [
      'firebase',
      '--config',
      configFile,
      'emulators:exec',
      '--only',
      'auth,firestore',
      '--project',
      'demo-sunbeam',
      vitestCommand(files, 'contracts').join(' '),
    ],
    {
      stdio: 'inherit',
      env: {
        ...emulatorEnv(found),
        JAVA_TOOL_OPTIONS: TEST_JVM_OPTIONS.join(' '),
        VITE_FIREBASE_AUTH_EMULATOR_PORT: String(auth),
        VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: String(firestore),
      },
    },
  )
  rmSync(configFile, { force: true })
  return result.status ?? 1
}

async function answers(url) {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Vitest's JSON reports of both runs, added up into the one file npm test reads. */
function writeReport() {
  if (!report) return
  const total = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTotalTests: 0 }
  for (const kind of ['firestore', 'storage', 'contracts']) {
    const file = reportFor(kind)
    if (!existsSync(file)) continue
    const part = JSON.parse(readFileSync(file, 'utf8'))
    for (const key of Object.keys(total)) total[key] += part[key] ?? 0
    rmSync(file, { force: true })
  }
  writeFileSync(path.resolve(report), JSON.stringify(total, null, 2))
}

const started = Date.now()
const statuses = []
const firestoreFiles = runnable.filter((file) => needs(file) === 'firestore')
const storageFiles = runnable.filter((file) => needs(file) === 'storage')
if (firestoreFiles.length > 0) {
  console.log(`Running ${firestoreFiles.length} Firestore rules test file(s): ${firestoreFiles.join(' ')}`)
  statuses.push(await runFirestoreFiles(firestoreFiles))
}
if (storageFiles.length > 0) {
  console.log(`Running ${storageFiles.length} Storage rules test file(s): ${storageFiles.join(' ')}`)
  statuses.push(await runStorageFiles(storageFiles))
}
const contractFiles = runnable.filter((file) => needs(file) === 'contracts')
if (contractFiles.length > 0) {
  console.log(
    `Running ${contractFiles.length} port contract file(s) on the Firebase adapter: ${contractFiles.join(' ')}`,
  )
  console.log(
    "(PhotoStoragePort's contract runs on the fake only: Storage is not among these emulators; see src/testing/contracts/photos-contract.ts.)",
  )
  statuses.push(await runContractFiles(contractFiles))
}
writeReport()
console.log(
  `Rules and contract tests took ${((Date.now() - started) / 1000).toFixed(0)} s (emulators included).`,
)
// Killed by a signal, or not started at all: a failure, never a pass and never NOT RUN.
const failedStatus = statuses.find((status) => status !== 0)
if (failedStatus !== undefined) process.exit(failedStatus === NOT_RUN ? 1 : failedStatus)
process.exit(notRun.length > 0 ? NOT_RUN : 0)
