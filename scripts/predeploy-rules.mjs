#!/usr/bin/env node
// firebase.json predeploy step for `firestore` and `storage`: `node scripts/predeploy-rules.mjs firestore`
// (or `storage`) runs the rules tests for those rules (scripts/test-emulators.mjs, in the emulators) and
// lets `firebase deploy` go on only if they passed. Rules that fail their tests are never deployed.
//
// The emulators need Java 21 or newer and the emulator itself, found the way npm test finds them
// (scripts/emulator-env.mjs; test-emulators.mjs says what it uses). Where they are missing the tests
// cannot run (NOT RUN), and this step refuses too, unless the person deploying says, for that one command, that they deploy untested rules:
//   SUNBEAM_DEPLOY_UNTESTED_RULES=yes firebase deploy --only firestore:rules
// That override covers NOT RUN only: failing tests are never deployed. See
// docs/decisions/0007-security-rules.md.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const OVERRIDE = 'SUNBEAM_DEPLOY_UNTESTED_RULES'
/** scripts/test-emulators.mjs exits with 2 when, and only when, some tests did not run (no emulator for them). */
const NOT_RUN = 2
const RULES_FILES = { firestore: 'firestore.rules', storage: 'storage.rules' }
const TEST_DIR = 'tests/rules'

const target = process.argv[2]
if (!Object.hasOwn(RULES_FILES, target) || process.argv.length > 3) {
  console.error('Usage: node scripts/predeploy-rules.mjs firestore|storage')
  process.exit(1)
}
const rulesFile = RULES_FILES[target]
const say = (line) => console.error(`predeploy (${rulesFile}): ${line}`)

// The test files for these rules: the ones that load this rules file. A file that names neither rules
// file runs for both, so a new test is never skipped by mistake.
const testFiles = readdirSync(TEST_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => `${TEST_DIR}/${name}`)
  .filter((file) => {
    const source = readFileSync(file, 'utf8')
    const namesAny = Object.values(RULES_FILES).some((rules) => source.includes(rules))
    return source.includes(rulesFile) || !namesAny
  })
if (testFiles.length === 0) {
  say(`REFUSED: no test in ${TEST_DIR}/ loads ${rulesFile}, so nothing would test these rules.`)
  process.exit(1)
}

say(`running the rules tests before deploying: ${testFiles.join(', ')}`)
const result = spawnSync(
  process.execPath,
  [path.join(import.meta.dirname, 'test-emulators.mjs'), ...testFiles],
  { stdio: 'inherit' },
)
const status = result.status ?? 1

if (status === 0) {
  say('the rules tests PASSED; deploying.')
  process.exit(0)
}

if (status !== NOT_RUN) {
  say(`REFUSED: the rules tests FAILED or could not finish (exit code ${status}; see above).`)
  say(`Not deploying. ${OVERRIDE} does not override failing tests.`)
  process.exit(1)
}

const override = process.env[OVERRIDE]
if (override !== 'yes') {
  say(
    'REFUSED: the rules tests did NOT RUN on this machine (see NOT RUN above), so these rules are untested.',
  )
  if (override !== undefined) say(`${OVERRIDE} is '${override}'; only 'yes' deploys untested rules.`)
  say('Deploy from a machine where they run (Java 21+ and the emulator), or, knowing the rules are untested,')
  say(`set ${OVERRIDE}=yes for that one command, e.g.`)
  say(
    `  ${OVERRIDE}=yes npx firebase deploy --only ${target === 'firestore' ? 'firestore:rules' : 'storage'}`,
  )
  process.exit(1)
}

const bar = '!'.repeat(100)
console.error(
  [
    '',
    bar,
    `!! DEPLOYING UNTESTED RULES: ${rulesFile}`,
    `!! The rules tests did NOT RUN (their emulator cannot run here) and ${OVERRIDE}=yes was set, so`,
    `!! ${rulesFile} goes out without having passed its tests. Run \`npm run test:emulators\` where the`,
    '!! emulator runs as soon as you can.',
    bar,
    '',
  ].join('\n'),
)
process.exit(0)
