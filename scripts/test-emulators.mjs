#!/usr/bin/env node
// `npm run test:emulators`: the security rules tests (tests/rules/), inside `firebase emulators:exec`
// with the Firestore and Storage emulators, each where this machine can run it (scripts/emulator-env.mjs
// finds Java 21+ and the emulators). Tests whose emulator cannot run are reported on one NOT RUN line
// each: never as passed.
//
// Arguments, if any, are test files to run instead of all of them (scripts/predeploy-rules.mjs runs the
// ones for the rules being deployed); `--report=FILE` also writes Vitest's JSON report there (npm test
// counts it). The emulators listen on free ports (never firebase.json's 8080, which the browser suite
// needs refusing), from a config written into node_modules/.cache/sunbeam/.
//
// Exit codes: 0 every test asked for ran and passed; 2 some did NOT RUN (no emulator for them) and
// those that ran passed; anything else failed or could not finish (a 2 from the tests or the emulators
// is reported as 1, so 2 means only NOT RUN).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, discover, emulatorEnv } from './emulator-env.mjs'

const NOT_RUN = 2
const TEST_DIR = 'tests/rules'
const HOST = '127.0.0.1'

const args = process.argv.slice(2)
const report = args.find((arg) => arg.startsWith('--report='))?.slice('--report='.length)
const asked = args.filter((arg) => !arg.startsWith('--report='))
const badFile = asked.find((file) => !/^tests\/rules\/[\w.-]+\.test\.ts$/.test(file))
if (badFile !== undefined) {
  console.error(`test-emulators: '${badFile}' is not a test file in tests/rules/ (tests/rules/NAME.test.ts).`)
  process.exit(1)
}
const testFiles =
  asked.length > 0
    ? asked
    : readdirSync(TEST_DIR)
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => `${TEST_DIR}/${name}`)

// A test file that loads storage.rules needs the Storage emulator; every other one, Firestore.
const needs = (file) => (readFileSync(file, 'utf8').includes('storage.rules') ? 'storage' : 'firestore')
const found = discover()
for (const line of describe(found)) console.log(line)

const runnable = testFiles.filter((file) => found[`${needs(file)}Ok`])
const notRun = testFiles.filter((file) => !runnable.includes(file))
for (const kind of ['firestore', 'storage']) {
  const files = notRun.filter((file) => needs(file) === kind)
  if (files.length === 0) continue
  const name = kind === 'firestore' ? 'Firestore' : 'Storage'
  console.log(
    `NOT RUN: ${name} rules tests (${files.join(', ')}): the ${name} emulator cannot run here: ${found.why[kind]}.`,
  )
}
if (runnable.length === 0) process.exit(NOT_RUN)

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

// firebase.json's emulator settings with free ports, and the rules files by absolute path (the config
// lives in the cache folder, which firebase-tools then takes as the project's folder).
const only = [...new Set(runnable.map(needs))]
const config = {
  firestore: { rules: path.resolve('firestore.rules') },
  storage: { rules: path.resolve('storage.rules') },
  emulators: {
    firestore: { host: HOST, port: await freePort(), websocketPort: await freePort() },
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

const reporters = report
  ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.resolve(report)}`]
  : []
const testCommand = ['npx vitest run --config vitest.rules.config.ts', ...reporters, ...runnable].join(' ')
console.log(
  `Running ${runnable.length} test file(s) inside the ${only.join(' and ')} emulator(s): ${testCommand}`,
)
const started = Date.now()
const result = spawnSync(
  'npx',
  [
    'firebase',
    '--config',
    configFile,
    'emulators:exec',
    '--only',
    only.join(','),
    '--project',
    'demo-sunbeam',
    testCommand,
  ],
  { stdio: 'inherit', env: emulatorEnv(found) },
)
rmSync(configFile, { force: true })
console.log(`Rules tests took ${((Date.now() - started) / 1000).toFixed(0)} s (emulators included).`)
// Killed by a signal, or not started at all: a failure, never a pass and never NOT RUN.
const status = result.status ?? 1
if (status !== 0) process.exit(status === NOT_RUN ? 1 : status)
process.exit(notRun.length > 0 ? NOT_RUN : 0)
