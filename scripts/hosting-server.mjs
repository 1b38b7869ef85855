#!/usr/bin/env node
// Serves a build as Firebase Hosting does, with Hosting's own code: superstatic, the server inside
// firebase-tools' Hosting emulator (started here the way the emulator starts it: the strict stack,
// compression), given firebase.json's hosting config for that build (scripts/hosting-config.mjs: the
// policy's hashes of its pages, the emulators allowed). cleanUrls, the rewrites to the app shell, the
// 301s from `/about.html` to `/about`, the not-found page with status 404 and the headers are Hosting's,
// so a difference between the test server and production cannot hide (it once hid a service worker
// that never installed under Hosting).
//
//   node scripts/hosting-server.mjs [--port 4173] [--host localhost] [--dir dist]
//
// `npm run preview`, the browser suite (playwright.config.ts), the audit, the benchmarks and the
// screenshots serve the build with it; `npm start` runs the Hosting emulator itself.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { server as superstaticServer } from 'superstatic'
import { servedConfig } from './hosting-config.mjs'

/**
 * Starts serving `outDir` on `port` (0: any free port). Its policy allows the local emulators named by
 * `env` (VITE_FIREBASE_EMULATOR_HOST, VITE_FIREBASE_FIRESTORE_EMULATOR_PORT, firebase.json's ports).
 * @param {{ outDir?: string; port?: number; host?: string; env?: Record<string, string | undefined> }} options
 */
export async function startHostingServer({
  outDir = process.env.SUNBEAM_OUT_DIR ?? 'dist',
  port = 0,
  host = 'localhost',
  env = process.env,
} = {}) {
  const config = await servedConfig({ outDir: resolve(outDir), emulators: true, env })
  const app = superstaticServer({
    port,
    hostname: host,
    // superstatic joins cwd and `public`: the folder itself as cwd, whatever path it was given as.
    config: { ...config.hosting, public: '.' },
    cwd: resolve(outDir),
    compression: true,
    stack: 'strict',
    debug: false,
  })
  const server = await new Promise((done, fail) => {
    const listening = app.listen(() => done(listening))
    listening.once('error', fail)
  })
  const address = server.address()
  const origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
  return {
    origin,
    /** The Node server (npm run audit counts the bytes its connections send). */
    server,
    /** Stops at once, connections a page still holds (a worker's update check) included. */
    close: () =>
      new Promise((done) => {
        server.close(() => done(undefined))
        server.closeAllConnections()
      }),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4173' }, host: { type: 'string' }, dir: { type: 'string' } },
  })
  const { origin } = await startHostingServer({
    port: Number(values.port),
    host: values.host,
    outDir: values.dir,
  })
  console.log(
    `Serving ${values.dir ?? process.env.SUNBEAM_OUT_DIR ?? 'dist'} as Firebase Hosting does: ${origin}`,
  )
}
