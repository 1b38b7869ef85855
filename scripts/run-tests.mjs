#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, production build, then the browser suite.
// Ends with one plain line, `N passed, N failed`, counting every test and every failed step.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

mkdirSync('test-results', { recursive: true })
let passed = 0
let failed = 0
const failures = []

function run(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  const ok = result.status === 0
  if (!ok) failures.push(name)
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

countStep(run('typecheck', 'npx', ['tsc', '--noEmit']))
countStep(run('lint', 'npx', ['biome', 'ci', '.']))

const unitOk = run('unit tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit-results.json',
])
const unit = readJson('test-results/unit-results.json')
if (unit) {
  passed += unit.numPassedTests
  failed += unit.numFailedTests
}
if (!unitOk && (!unit || unit.numFailedTests === 0)) failed += 1

const buildOk = run('build', 'npm', ['run', 'build'])
countStep(buildOk)

if (buildOk) {
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test'])
  const e2e = readJson('test-results/e2e-results.json')
  if (e2e?.stats) {
    passed += e2e.stats.expected
    failed += e2e.stats.unexpected + e2e.stats.flaky
  }
  if (!e2eOk && (!e2e?.stats || e2e.stats.unexpected === 0)) failed += 1
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && failures.length === 0 ? 0 : 1)
