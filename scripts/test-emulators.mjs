#!/usr/bin/env node
// `npm run test:emulators`: the security rules tests (tests/rules/), inside `firebase emulators:exec`
// with the Firestore, Storage and Auth emulators. Firestore and Storage run on Java 21 or newer; without
// it this script says so and fails: it never reports tests as passed that did not run.
//
// Arguments, if any, are test files to run instead of all of them (scripts/predeploy-rules.mjs runs the
// ones for the rules being deployed). Exit codes: 0 passed, 2 NOT RUN (no Java 21), anything else failed
// or could not finish. 2 means only NOT RUN: a 2 from the tests or the emulators is reported as 1.
import { spawnSync } from 'node:child_process'

const REQUIRED_JAVA = 21
const NOT_RUN = 2

const testFiles = process.argv.slice(2)
const badFile = testFiles.find((file) => !/^tests\/rules\/[\w.-]+\.test\.ts$/.test(file))
if (badFile !== undefined) {
  console.error(`test-emulators: '${badFile}' is not a test file in tests/rules/ (tests/rules/NAME.test.ts).`)
  process.exit(1)
}

/** The major version of `java` on the PATH (8 for '1.8.0_x'), or null when there is none. */
function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) return null
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`)
  if (!match) return null
  const major = Number(match[1])
  return major === 1 ? Number(match[2]) : major
}

const java = javaMajorVersion()
if (java === null || java < REQUIRED_JAVA) {
  const found = java === null ? 'no Java found' : `found ${java}`
  console.error(
    [
      `NOT RUN: the security rules tests (tests/rules/) need the Firestore and Storage emulators, which need Java ${REQUIRED_JAVA} (${found}).`,
      `Install Java ${REQUIRED_JAVA} or newer (for example the openjdk-${REQUIRED_JAVA}-jre-headless package, or https://adoptium.net) and run \`npm run test:emulators\` again.`,
    ].join('\n'),
  )
  process.exit(NOT_RUN)
}

const testCommand = ['npx vitest run --config vitest.rules.config.ts', ...testFiles].join(' ')
console.log(`Java ${java}: running ${testCommand} inside the Firestore, Storage and Auth emulators`)
const result = spawnSync(
  'npx',
  [
    'firebase',
    'emulators:exec',
    '--only',
    'firestore,storage,auth',
    '--project',
    'demo-sunbeam',
    testCommand,
  ],
  { stdio: 'inherit', env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
)
// Killed by a signal, or not started at all: a failure, never a pass and never NOT RUN.
const status = result.status ?? 1
process.exit(status === NOT_RUN ? 1 : status)
