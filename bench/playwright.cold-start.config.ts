// The cold-start benchmark (bench/cold-start.bench.ts), run by `npm run bench`: the production build
// served as Hosting serves it (scripts/hosting-server.mjs; SUNBEAM_OUT_DIR, which scripts/bench.mjs sets to `dist-cold`) and the real Auth emulator.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium'

const port = Number(process.env.BENCH_COLD_PORT ?? 4191)
// A second copy of the suite beside the first has its own Auth emulator (docs/testing.md).
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9099)
const root = fileURLToPath(new URL('..', import.meta.url))

/** A firebase.json with only the Auth emulator, on `port` (the project's names 9099): 9109 gives hub 4409. */
function authConfig(port: number): string {
  const file = `test-results/bench-auth-${port}.firebase.json`
  mkdirSync(`${root}test-results`, { recursive: true })
  // Its hub and logging ports too: the first copy's emulators hold 4400 and 4500.
  const emulators = {
    auth: { port },
    hub: { port: port - 4700 },
    logging: { port: port - 4600 },
    ui: { enabled: false },
  }
  writeFileSync(`${root}${file}`, JSON.stringify({ emulators }))
  return file
}

export default defineConfig({
  testDir: '.',
  testMatch: 'cold-start.bench.ts',
  outputDir: '../test-results/bench-cold-start',
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
      // The policy's connect-src names the emulators' ports the build talks to (scripts/hosting-config.mjs).
      env: {
        VITE_FIREBASE_AUTH_EMULATOR_PORT: String(authPort),
        ...(process.env.E2E_FIRESTORE_PORT
          ? { VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: process.env.E2E_FIRESTORE_PORT }
          : {}),
        ...(process.env.E2E_FUNCTIONS_PORT
          ? { VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: process.env.E2E_FUNCTIONS_PORT }
          : {}),
      },
      url: `http://localhost:${port}`,
      reuseExistingServer: false,
    },
    {
      command: `npx firebase emulators:start --only auth --project demo-sunbeam${authPort === 9099 ? '' : ` --config ${authConfig(authPort)}`}`,
      cwd: root,
      url: `http://127.0.0.1:${authPort}/`,
      reuseExistingServer: true,
      timeout: 120_000,
    },
  ],
})
