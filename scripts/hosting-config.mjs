// Firebase Hosting's config for a build, as whatever serves or deploys it needs it: firebase.json with
// the policy's hashes of that build's inline scripts and styles (scripts/csp-script-hashes.mjs) and,
// for local servers, the emulators' addresses in connect-src (the production policy names none).
// Used by the browser suite's server and `npm run preview` (scripts/hosting-server.mjs, Hosting's own
// superstatic), `npm start` (the Hosting emulator) and `npm run deploy`. Nothing here matches globs or
// rewrites paths: that is Hosting's code's job (docs/decisions/0010-security-headers.md).
import { readFileSync } from 'node:fs'
import { builtPageHashes, injectedStyleTexts, withPageHashes } from './csp-script-hashes.mjs'

/** firebase.json (the site's only hosting config). */
export function readFirebaseConfig(firebaseJsonPath = 'firebase.json') {
  const config = JSON.parse(readFileSync(firebaseJsonPath, 'utf8'))
  if (Array.isArray(config.hosting))
    throw new Error('firebase.json: one hosting config expected, not several')
  return config
}

/** The Firebase config's emulators the app talks to (firebase.json's `emulators`). */
const APP_EMULATORS = ['auth', 'firestore', 'storage', 'functions']
/** The variables that move an emulator off firebase.json's port in a test build. */
const PORT_VARIABLES = {
  auth: 'VITE_FIREBASE_AUTH_EMULATOR_PORT',
  firestore: 'VITE_FIREBASE_FIRESTORE_EMULATOR_PORT',
  functions: 'VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT',
}

/**
 * The local emulators' addresses, as Content-Security-Policy sources without a scheme (a page served
 * over http allows them over http): firebase.json's emulator ports on VITE_FIREBASE_EMULATOR_HOST (or
 * 127.0.0.1), Firestore on VITE_FIREBASE_FIRESTORE_EMULATOR_PORT when a build talks to another port (the
 * browser suite's online world). The production policy names none of them: only local servers add them.
 * @param {{ emulators?: Record<string, { port?: number }> }} config firebase.json
 * @param {Record<string, string | undefined>} env
 */
export function emulatorSources(config, env = process.env) {
  const host = env.VITE_FIREBASE_EMULATOR_HOST || '127.0.0.1'
  if (!/^[\w.-]+$/.test(host)) throw new Error(`Emulator host "${host}" is not a host name`)
  return APP_EMULATORS.map((name) => {
    const port = env[PORT_VARIABLES[name]] || config.emulators?.[name]?.port
    if (!/^\d{1,5}$/.test(String(port)))
      throw new Error(`The ${name} emulator's port "${port}" is not a port`)
    return `${host}:${port}`
  })
}

/**
 * The rules with `sources` added to every Content-Security-Policy's connect-src (the local servers'
 * emulators: see emulatorSources). A policy without connect-src is refused: adding one would let
 * default-src no longer govern connections.
 */
export function withConnectSources(rules, sources) {
  if (sources.length === 0) return rules
  return rules.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) => {
      if (header.key.toLowerCase() !== 'content-security-policy') return header
      const directives = header.value.split(';').map((directive) => directive.trim())
      const index = directives.findIndex((directive) => /^connect-src(?:\s|$)/i.test(directive))
      if (index === -1)
        throw new Error('The Content-Security-Policy has no connect-src to add the emulators to')
      const present = new Set(directives[index].split(/\s+/))
      const added = sources.filter((source) => !present.has(source))
      directives[index] = [directives[index], ...added].join(' ')
      return { ...header, value: directives.filter(Boolean).join('; ') }
    }),
  }))
}

/**
 * The Firebase config that serves the build in `outDir`: `hosting.public` pointing at it and its policy
 * allowing exactly its inline scripts and styles; with `emulators`, the local emulators' addresses
 * (emulatorSources, read from `env`) in connect-src too.
 * @param {{ firebaseJson?: string; outDir: string; emulators?: boolean; env?: Record<string, string | undefined> }} options
 */
export async function servedConfig({
  firebaseJson = 'firebase.json',
  outDir,
  emulators = false,
  env = process.env,
}) {
  const config = readFirebaseConfig(firebaseJson)
  const hashes = await builtPageHashes(outDir, await injectedStyleTexts())
  let headers = withPageHashes(config.hosting.headers ?? [], hashes)
  if (emulators) headers = withConnectSources(headers, emulatorSources(config, env))
  return { ...config, hosting: { ...config.hosting, public: outDir, headers } }
}
