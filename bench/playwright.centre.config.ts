// The staff benchmarks (bench/centre-lists.bench.ts, and 'Today' at the door, bench/today.bench.ts),
// run by `npm run bench` (one file at a time, named on the command line): the build made
// against the browser suite's emulator ports (`${SUNBEAM_OUT_DIR:-dist}-bench`, scripts/bench.mjs makes
// it if missing) served as Hosting serves it (scripts/hosting-server.mjs), the real Auth emulator, and the Firestore emulator with firestore.rules (shared with the
// browser suite's online world if it already runs: scripts/firestore-emulator.mjs). Ports: BENCH_CENTRE_PORT,
// E2E_AUTH_PORT and E2E_FIRESTORE_PORT.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium'
import { emulatorBuildEnv, ONLINE_AUTH_PORT } from '../e2e/online-world'

const port = Number(process.env.BENCH_CENTRE_PORT ?? 4192)
const root = fileURLToPath(new URL('..', import.meta.url))
// The Auth emulator on E2E_AUTH_PORT (9099 unless set), so that a run beside another has its own:
// firebase-tools takes the port from a configuration file only (as scripts/online-emulators.mjs does),
// with its hub and logging beside it, off the CLI's defaults (4400, 4500), and no UI (downloaded).
const authConfig = 'firebase.bench.json'
const emulators = {
  auth: { host: '127.0.0.1', port: ONLINE_AUTH_PORT },
  hub: { host: '127.0.0.1', port: ONLINE_AUTH_PORT + 1 },
  logging: { host: '127.0.0.1', port: ONLINE_AUTH_PORT + 2 },
  ui: { enabled: false },
}
writeFileSync(new URL(`../${authConfig}`, import.meta.url), `${JSON.stringify({ emulators }, null, 2)}\n`)

export default defineConfig({
  testDir: '.',
  testMatch: ['centre-lists.bench.ts', 'today.bench.ts'],
  outputDir: '../test-results/bench-centre',
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: `node scripts/hosting-server.mjs --port ${port}`,
      cwd: root,
      url: `http://localhost:${port}`,
      env: { SUNBEAM_OUT_DIR: `${process.env.SUNBEAM_OUT_DIR ?? 'dist'}-bench`, ...emulatorBuildEnv },
      reuseExistingServer: false,
    },
    {
      command: `npx firebase emulators:start --only auth --project demo-sunbeam --config ${authConfig}`,
      cwd: root,
      url: `http://127.0.0.1:${ONLINE_AUTH_PORT}/`,
      reuseExistingServer: true,
      timeout: 120_000,
    },
    {
      command: `node scripts/firestore-emulator.mjs ${emulatorBuildEnv.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT}`,
      cwd: root,
      wait: { stdout: /Firestore emulator READY/ },
      stdout: 'pipe' as const,
      timeout: 180_000,
    },
  ],
})
