#!/usr/bin/env node
// `npm run test:emulators`: the security rules tests (tests/rules/), inside `firebase emulators:exec`
// with the Firestore, Storage and Auth emulators. Firestore and Storage run on Java 21 or newer; without
// it this script says so and fails: it never reports tests as passed that did not run.
import { spawnSync } from 'node:child_process'

const REQUIRED_JAVA = 21

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
  process.exit(2)
}

const testCommand = 'npx vitest run --config vitest.rules.config.ts'
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
process.exit(result.status ?? 1)
