// The cold-start benchmark (bench/cold-start.bench.ts), run by `npm run bench`: the production build
// served as Hosting serves it (scripts/hosting-server.mjs; SUNBEAM_OUT_DIR, default dist) and the real Auth emulator.
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium'

const port = Number(process.env.BENCH_COLD_PORT ?? 4191)
const root = fileURLToPath(new URL('..', import.meta.url))

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
      url: `http://localhost:${port}`,
      reuseExistingServer: false,
    },
    {
      command: 'npx firebase emulators:start --only auth --project demo-sunbeam',
      cwd: root,
      url: 'http://127.0.0.1:9099/',
      reuseExistingServer: true,
      timeout: 120_000,
    },
  ],
})
