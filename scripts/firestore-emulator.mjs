#!/usr/bin/env node
// The Firestore emulator by itself, with firestore.rules: `node scripts/firestore-emulator.mjs PORT`.
// The centre's benchmark starts it (bench/playwright.centre.config.ts), and a second suite run beside
// another can share one started by hand (docs/testing.md); the browser suite's online world runs
// Firestore with Auth and the functions in one firebase-tools process (scripts/online-emulators.mjs).
// Java and the emulator are found by scripts/emulator-env.mjs; without them this says why and exits
// with 2. Data lives in memory for the run. It prints READY once the emulator answers and has been
// warmed up: a fresh JVM took 11 to 19 s to answer the app's first write here, so that Firestore's SDK
// in the browser gave up waiting ('Could not reach Cloud Firestore backend') in the first test; warmed
// up, 1 to 2 s.
// Where an emulator already answers on PORT (another suite's), it is warmed up and shared, as the Auth
// emulator is.
import { spawn } from 'node:child_process'
import { mkdirSync, openSync } from 'node:fs'
import path from 'node:path'
import { describe, discover, firestoreCommand } from './emulator-env.mjs'

const READY = 'Firestore emulator READY'
const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0 || port === 8080) {
  console.error(
    'Usage: node scripts/firestore-emulator.mjs PORT (not 8080: the offline tests need it refusing)',
  )
  process.exit(1)
}
const origin = `http://127.0.0.1:${port}`
const documents = `${origin}/v1/projects/demo-sunbeam/databases/(default)/documents`

async function answers() {
  try {
    return (await fetch(`${origin}/`)).ok
  } catch {
    return false
  }
}

/** One write, read, query and delete as the owner: the paths the app's first save goes through. */
async function warmUp() {
  const started = Date.now()
  const owner = { Authorization: 'Bearer owner', 'content-type': 'application/json' }
  const doc = `${documents}/warmup/ready`
  const calls = [
    [
      doc,
      { method: 'PATCH', headers: owner, body: JSON.stringify({ fields: { at: { stringValue: 'now' } } }) },
    ],
    [doc, { headers: owner }],
    [
      `${documents}:runQuery`,
      {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'warmup' }] } }),
      },
    ],
    [doc, { method: 'DELETE', headers: owner }],
  ]
  for (const [url, init] of calls) {
    const response = await fetch(url, init)
    if (!response.ok) throw new Error(`warm-up ${init.method ?? 'GET'} ${url}: ${response.status}`)
  }
  console.log(`Firestore emulator warmed up in ${Date.now() - started} ms.`)
}

if (await answers()) {
  console.log(`A Firestore emulator already answers on ${origin}: sharing it.`)
  await warmUp()
  console.log(READY)
  // Kept alive like a server, so that Playwright's end of the run stops only this process.
  setInterval(() => {}, 1 << 30)
} else {
  const found = discover()
  const command = firestoreCommand(found, {
    host: '127.0.0.1',
    port,
    rules: path.resolve('firestore.rules'),
    projectId: 'demo-sunbeam',
  })
  for (const line of describe(found)) console.log(line)
  if (!command) process.exit(2)

  // The emulator logs every request (and a stack trace for each missing document): into a file.
  mkdirSync('test-results', { recursive: true })
  const log = `test-results/firestore-emulator-${port}.log`
  console.log(`Firestore emulator on ${origin} with firestore.rules; its log: ${log}`)
  const out = openSync(log, 'w')
  const child = spawn(command.command, command.args, { stdio: ['ignore', out, out] })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

  const deadline = Date.now() + 120_000
  while (!(await answers())) {
    if (Date.now() > deadline) {
      console.error(`The Firestore emulator did not answer on ${origin} within 120 s (see ${log}).`)
      child.kill('SIGTERM')
      process.exit(1)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await warmUp()
  console.log(READY)
}
