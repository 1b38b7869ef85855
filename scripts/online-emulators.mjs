#!/usr/bin/env node
// The browser suite's online world's backend: the Auth (E2E_AUTH_PORT, 9099), Firestore (E2E_FIRESTORE_PORT, 8085) and
// Functions (E2E_FUNCTIONS_PORT, 5011) emulators in ONE firebase-tools process (Playwright starts it, see
// playwright.config.ts). One process because firebase-tools wires triggers only between emulators it
// runs itself: Auth's delete events reach the functions of its own process, and Firestore's triggers
// are registered with its own Firestore emulator. The functions run functions/lib (npm run build makes
// it). Storage cannot run here: SUNBEAM_STORAGE_LOG makes the functions' bucket the logged stand-in
// (functions/src/logged-bucket.ts), whose file e2e/online-world.ts reads.
//
// Prints READY once everything answers and Firestore has been warmed up (a cold emulator took 11 to 19 s
// to answer the first write). Where all three already answer (another suite's run), they are shared, as
// the Auth emulator always was; where some do, the others start beside them, with a warning (the
// triggers reach only functions in the emulators' own process). Java and the Firestore emulator are found by scripts/emulator-env.mjs;
// without them this says why and exits with 2.
import { spawnSync } from 'node:child_process'
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DEV_VAPID } from './dev-push-keys.mjs'
import { describe, discover, emulatorEnv, TEST_JVM_OPTIONS } from './emulator-env.mjs'
import { signalGroup, spawnGroup, stopGroupWithThisProcess } from './process-group.mjs'
import { startSmtpCatcher } from './smtp-catcher.mjs'

const READY = 'Online emulators READY'
const PROJECT = 'demo-sunbeam'
const base = JSON.parse(readFileSync('firebase.json', 'utf8'))
const ports = {
  auth: Number(process.env.E2E_AUTH_PORT ?? base.emulators.auth.port),
  firestore: Number(process.env.E2E_FIRESTORE_PORT ?? 8085),
  functions: Number(process.env.E2E_FUNCTIONS_PORT ?? 5011),
}
if (ports.firestore === base.emulators.firestore.port) {
  console.error(`Firestore on ${ports.firestore}: not the offline world's port (it must refuse connections).`)
  process.exit(1)
}
// The functions' e-mails go to a catcher of this run's own (E2E_SMTP_PORT), which keeps them in this file
// for the tests (e2e/online-world.ts reads it); links in them point at the online build's port.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525)
const mailFile = path.resolve(`test-results/mail-${ports.firestore}.jsonl`)
const siteOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 10}`
// The push stand-in's TLS (web-push posts over https only): a certificate for 127.0.0.1 made for this
// run, which the functions trust through NODE_EXTRA_CA_CERTS; e2e/push.online.spec.ts serves with it.
const PUSH_STAND_IN_HOST = '127.0.0.1'
const pushTls = path.resolve(`test-results/push-stand-in-${ports.firestore}`)
function makePushTls() {
  mkdirSync(pushTls, { recursive: true })
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(pushTls, 'key.pem'),
      '-out',
      path.join(pushTls, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0)
    console.warn(`No TLS for the push stand-in (openssl: ${made.error?.message ?? made.stderr})`)
  return made.status === 0
}
const storageLog = path.resolve(
  process.env.SUNBEAM_STORAGE_LOG ?? `test-results/storage-deletes-${ports.firestore}.jsonl`,
)

async function answers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`)
    return true
  } catch {
    return false
  }
}

/** One write, read and delete as the owner: the paths the app's first save goes through. */
async function warmUp() {
  const started = Date.now()
  const doc = `http://127.0.0.1:${ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents/warmup/ready`
  const owner = { Authorization: 'Bearer owner', 'content-type': 'application/json' }
  const body = JSON.stringify({ fields: { at: { stringValue: 'now' } } })
  for (const init of [{ method: 'PATCH', body }, {}, { method: 'DELETE' }]) {
    const response = await fetch(doc, { headers: owner, ...init })
    if (!response.ok) throw new Error(`warm-up ${init.method ?? 'GET'}: ${response.status}`)
  }
  // The push stand-in's host (e2e/push.online.spec.ts), which firestore.rules accept as a device's
  // endpoint only where this record names it (issue 50); the functions get it as PUSH_STAND_IN_HOSTS.
  const standIn = doc.replace('warmup/ready', 'centre/pushStandIn')
  const hosts = JSON.stringify({
    fields: { hosts: { arrayValue: { values: [{ stringValue: PUSH_STAND_IN_HOST }] } } },
  })
  const named = await fetch(standIn, { method: 'PATCH', headers: owner, body: hosts })
  if (!named.ok) throw new Error(`push stand-in: ${named.status}`)
  console.log(`Firestore emulator warmed up in ${Date.now() - started} ms.`)
}

/**
 * Runs each trigger once, so that the tests do not wait for a function's first start (a cold worker took
 * 2.6 s here): a child record written and deleted, an account made and deleted. Neither names anything
 * of a real parent.
 */
async function warmUpFunctions(log, started) {
  const since = Date.now()
  const documents = `http://127.0.0.1:${ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents`
  const owner = { Authorization: 'Bearer owner', 'content-type': 'application/json' }
  const kid = `${documents}/kids/warmUpFunctions0001`
  const registration = `${documents}/registrations/warmUpFunctions0001`
  await fetch(kid, { method: 'PATCH', headers: owner, body: JSON.stringify({ fields: {} }) })
  // A registration without a decision: registrationNotice runs and writes nothing.
  await fetch(registration, { method: 'PATCH', headers: owner, body: JSON.stringify({ fields: {} }) })
  await fetch(registration, { method: 'DELETE', headers: owner })
  await fetch(kid, { method: 'DELETE', headers: owner })
  const auth = `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1`
  const signUp = await fetch(`${auth}/accounts:signUp?key=warm-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  })
  const { localId } = await signUp.json()
  await fetch(`${auth}/projects/${PROJECT}/accounts:delete`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId }),
  })
  const deadline = Date.now() + 60_000
  const ran = (name) => new RegExp(`Finished "[\\w-]*-${name}"`).test(readFileSync(log, 'utf8'))
  // Only the triggers wired in this process: Firestore's and Auth's events reach its own functions only.
  const wired = [
    // (registrationMail e-mails the catcher about the warm-up child: 'New registration: A child'.)
    ...(started.includes('firestore') ? ['kidDeleted', 'registrationNotice', 'registrationMail'] : []),
    ...(started.includes('auth') ? ['accountDeleted'] : []),
  ]
  while (!wired.every(ran) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  console.log(`Functions warmed up in ${Date.now() - since} ms.`)
}

const up = await Promise.all(Object.values(ports).map(answers))
if (up.every(Boolean)) {
  console.log(
    `Auth, Firestore and Functions already answer (${Object.values(ports).join(', ')}): sharing them.`,
  )
  await warmUp()
  console.log(READY)
  setInterval(() => {}, 1 << 30)
} else {
  // Another run's emulators on some of the ports (say, an Auth emulator of a checkout without this
  // script): start the others beside them, and say what that costs, rather than stop the whole suite.
  const shared = Object.keys(ports).filter((_, i) => up[i])
  const only = Object.keys(ports).filter((_, i) => !up[i])
  if (shared.length)
    console.warn(
      `Sharing another run's ${shared.map((name) => `${name} (${ports[name]})`).join(', ')}; starting ${only.join(', ')}. ` +
        (shared.includes('auth') || shared.includes('functions')
          ? "Auth's delete events will not reach these functions: e2e/functions.online.spec.ts's account test fails."
          : ''),
    )
  const found = discover()
  for (const line of describe(found)) console.log(line)
  if (!found.firestoreOk) process.exit(2)

  // firebase-tools reads a project's files relative to its configuration: written beside firebase.json
  // (not committed), with its own hub, logging and websocket ports, off the CLI's defaults (4400, 4500,
  // 9150), which `npm start` or a test's preview port may hold.
  const config = {
    firestore: { rules: base.firestore.rules },
    functions: base.functions,
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      // (firebase-tools starts only those --only names.)
      firestore: { host: '127.0.0.1', port: ports.firestore, websocketPort: ports.firestore + 1 },
      functions: { host: '127.0.0.1', port: ports.functions },
      hub: { host: '127.0.0.1', port: ports.functions + 1 },
      logging: { host: '127.0.0.1', port: ports.functions + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  const configFile = 'firebase.online.json'
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`)
  mkdirSync(path.dirname(storageLog), { recursive: true })
  writeFileSync(storageLog, '')

  const log = 'test-results/online-emulators.log'
  console.log(
    `Auth ${ports.auth}, Firestore ${ports.firestore} (firestore.rules), Functions ${ports.functions}; ` +
      `their log: ${log}; the functions' Storage deletes: ${storageLog}`,
  )
  await startSmtpCatcher({ port: smtpPort, file: mailFile })
  console.log(`SMTP catcher on ${smtpPort}: the functions' e-mails are kept in ${mailFile}`)
  const out = openSync(log, 'w')
  const args = ['firebase', 'emulators:start', '--only', only.join(',')]
  const child = spawnGroup('npx', [...args, '--project', PROJECT, '--config', configFile], {
    stdio: ['ignore', out, out],
    env: {
      ...emulatorEnv(found),
      // The Firestore JVM with quick compiles only (as the rules tests' own): READY 14.3 s after the
      // start against 17 s, and 19 against 31 CPU-seconds over the suite, which took as long either way.
      JAVA_TOOL_OPTIONS: TEST_JVM_OPTIONS.join(' '),
      SUNBEAM_STORAGE_LOG: storageLog,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SITE_ORIGIN: siteOrigin,
      SUNBEAM_FUNCTIONS_ORIGIN: `http://127.0.0.1:${ports.functions}`,
      CENTRE_EMAIL: 'centre@sunbeam.test',
      VAPID_PUBLIC_KEY: DEV_VAPID.publicKey,
      VAPID_PRIVATE_KEY: DEV_VAPID.privateKey,
      VAPID_SUBJECT: DEV_VAPID.subject,
      ...(makePushTls() ? { NODE_EXTRA_CA_CERTS: path.join(pushTls, 'cert.pem') } : {}),
      PUSH_STAND_IN_HOSTS: PUSH_STAND_IN_HOST,
    },
  })
  // Playwright stops this script with SIGINT: the whole group is asked to stop as Ctrl+C would
  // (firebase-tools then stops its Java and function workers), and what is left is killed.
  const stop = stopGroupWithThisProcess(child)
  child.on('exit', async (code, signal) => {
    await stop.done
    process.exit(stop.stopping ? 0 : (code ?? (signal ? 1 : 0)))
  })

  // Ready once the CLI says so: by then the functions are loaded and their triggers registered.
  const deadline = Date.now() + 150_000
  while (!/All emulators ready/.test(readFileSync(log, 'utf8'))) {
    if (Date.now() > deadline) {
      console.error(`The emulators were not ready within 150 s (see ${log}).`)
      signalGroup(child, 'SIGKILL')
      process.exit(1)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await warmUp()
  if (only.includes('functions')) await warmUpFunctions(log, only)
  console.log(READY)
}
