import { defineConfig, devices } from '@playwright/test'
import { suiteLaunchOptions } from './e2e/chromium'
import { buildPortsProblem, emulatorBuildEnv, onlineWorld } from './e2e/online-world'

// E2E_PORT and SUNBEAM_OUT_DIR let two checkouts (or two people) test side by side.
const previewPort = Number(process.env.E2E_PORT ?? 4173)

// A run on another port keeps its artifacts apart, so side-by-side runs do not delete each other's.
const runSuffix = previewPort === 4173 ? '' : `-${previewPort}`

// One build for both worlds (e2e/online-world.ts), made with the emulator ports of emulatorBuildEnv. The
// online world's emulators answer there; the offline world's requests to Firestore and the functions
// are refused by routing (e2e/fixtures.ts). Every server of the suite, and the tests' own (offline,
// update), sends a Content-Security-Policy that allows those ports: they read them from here.
Object.assign(process.env, { ...emulatorBuildEnv, ...process.env })
const wrongBuild = buildPortsProblem(process.env.SUNBEAM_OUT_DIR ?? 'dist')
if (wrongBuild) throw new Error(`The browser suite cannot run: ${wrongBuild}.`)
// Where the online world cannot run, its tests skip with the reason, and its servers are not started.
const online = onlineWorld()
const onlinePort = previewPort + 10
const onlineTests = /\.online\.spec\.ts$/
// Timed against the functions (a decision's notice in the parent's open app within 5 s): run once the
// other online tests are done. The Firestore emulator runs the functions' events one at a time, so
// beside them a notice waited behind their events (a child's deletion took up to 10.7 s; decision 0099).
const onlineAloneTests = /\/notices\.online\.spec\.ts$/
// Tests whose subject is layout (what shows at which width: sliders, what covers what, what is below
// the first screen, axe's contrast and targets) are tagged '@layout' and run at both widths; '@desktop'
// ones only at 1280 px (the desktop menu). Every other test checks behaviour that does not depend on
// the width, once, on the phone, where parents are.
const layoutTests = /@layout|@desktop/
if (online.notRun && !process.env.TEST_WORKER_INDEX)
  console.log(`NOT RUN: online browser tests: ${online.notRun}`)

const onlineUse = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  baseURL: `http://localhost:${onlinePort}`,
}

export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/playwright${runSuffix}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three on CI's two cores: in the headless shell (e2e/chromium.ts) two left the CPUs idle while a
  // test waited for a server or a timer; three took 362 s against 410 s for the whole suite here, 7 %
  // idle (vmstat). Their load showed axe measuring a transition mid-way, now waited out (e2e/axe.ts).
  workers: 3,
  // Most tests take 2 to 15 s; beside a second copy of the suite on the same two cores, up to 3 times as long.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-results${runSuffix}.json` }]],
  use: {
    baseURL: `http://localhost:${previewPort}`,
    // A failed test keeps its trace: each step with its timing and error, the console, the source
    // (and error-context.md, the page's accessibility tree at the failure). Not the screencast nor the
    // DOM snapshots and network log, recorded for every test whether it fails or not: the screencast
    // doubled the suite's CPU time (kids and sync on desktop: 375 against 201 CPU-seconds); the
    // snapshots took a sixth of it (four phone specs: 83 against 66 CPU-seconds in the browser and the
    // workers; the whole suite 355 against 298 s, docs/decisions/0034). To see a failure's DOM, network
    // or frames, run that test again with `--trace=on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // Most tests must not be served by a service worker left by an earlier test; the offline
    // suite opts back in.
    serviceWorkers: 'block',
    // Which Chromium (its headless shell where installed), and the flags that keep it off the network
    // (e2e/chromium.ts).
    launchOptions: suiteLaunchOptions,
  },
  projects: [
    {
      // Against the real Firestore emulator and its rules; on the phone only (CI time: the desktop adds
      // nothing the offline world does not already show at that width). First: its tests are the
      // suite's longest (one of 2 minutes), and started last they ran on alone at the end.
      name: 'online',
      testMatch: onlineTests,
      testIgnore: onlineAloneTests,
      use: onlineUse,
    },
    {
      // (A failure in 'online' leaves these not run: the run is red already.)
      name: 'online-alone',
      testMatch: onlineAloneTests,
      dependencies: ['online'],
      use: onlineUse,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testIgnore: onlineTests,
      grepInvert: /@desktop/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: onlineTests,
      grep: layoutTests,
    },
  ],
  webServer: [
    {
      // The production build, as parents get it (npm test builds it first), served by Hosting's own code
      // (scripts/hosting-server.mjs).
      command: `node scripts/hosting-server.mjs --port ${previewPort}`,
      url: `http://localhost:${previewPort}`,
      env: emulatorBuildEnv,
      reuseExistingServer: !process.env.CI,
    },
    // The real Auth emulator (pure Node). Firestore's server is left unreachable on purpose:
    // the browser suite exercises the offline path through Firestore's persistent cache. With the
    // online world, Auth runs in one process with that world's Firestore and the Functions emulator
    // (scripts/online-emulators.mjs): Auth's delete events reach only the functions of its own process.
    online.notRun
      ? {
          command: 'npx firebase emulators:start --only auth --project demo-sunbeam',
          url: 'http://127.0.0.1:9099/',
          reuseExistingServer: !process.env.CI,
          timeout: 120_000,
        }
      : {
          command: 'node scripts/online-emulators.mjs',
          wait: { stdout: /Online emulators READY/ },
          stdout: 'pipe' as const,
          timeout: 180_000,
          // Ctrl+C, not a kill: firebase-tools then stops its Java, which a kill would leave running.
          gracefulShutdown: { signal: 'SIGINT' as const, timeout: 20_000 },
        },
    ...(online.notRun
      ? []
      : [
          {
            // The same build on its own origin (its own storage and IndexedDB), for the online world.
            command: `node scripts/hosting-server.mjs --port ${onlinePort}`,
            url: `http://localhost:${onlinePort}`,
            env: emulatorBuildEnv,
            reuseExistingServer: !process.env.CI,
          },
        ]),
  ],
})
