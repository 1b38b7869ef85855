#!/usr/bin/env node
// `npm run bench`: five benchmarks (not tests: they print figures, they do not pass or fail).
//  1. Preparing six 12-megapixel JPEGs on the device, with the add form's own code
//     (src/parent/children/photo-prep.ts), in Chromium: time, and the peak JS heap sampled every 10 ms through the
//     DevTools protocol; then again with the CPU slowed down 4 times (a budget phone).
//  2. The outbox sender's throughput: 50 queued submissions (3 photos each) sent to in-memory fakes of
//     Storage and Firestore, with no latency and with 150 ms per upload (bench/sender-throughput.ts).
//  3. A returning parent's cold start: the installed app (production build, service worker in control)
//     reopened on /profile at 4x CPU, online, offline and on lie-fi, with a fresh and an expired ID
//     token (bench/cold-start.bench.ts, driven by Playwright with bench/playwright.cold-start.config.ts;
//     it builds the app into `${SUNBEAM_OUT_DIR:-dist}-cold` first).
//  4. The staff lists at the centre's size: 5,000 children and 2,000 inquiries in the Firestore emulator,
//     /centre and /centre/inquiries opened by a member of staff at 4x CPU: first card, first page of 50,
//     JS heap (bench/centre-lists.bench.ts with bench/playwright.centre.config.ts, on a build made against
//     the browser suite's emulator ports, `${SUNBEAM_OUT_DIR:-dist}-bench`, built first); and
//     /centre's first open as staff meet it, with medians: from the sign-in form's submit, and the
//     installed app opened on /centre signed in (BENCH_CENTRE_ONLY=staff or lists: one part alone).
//  5. 'Today' at the door with 120 children (bench/today.bench.ts, same configuration and build as 4):
//     the installed app opened on /centre/today from the device's cache at 4x CPU, offline, on lie-fi
//     and online, again that day, offline as the day's first open (yesterday's snapshot) and with no
//     snapshot: the first row, every child listed (target: its first frame within 1 s) and the list
//     in full with the day's state; and a tap
//     on 'Arrived': in the next frame or not, and its Event Timing (input delay, processing,
//     presentation delay).
// Prints one Markdown table each. Environment: CHROMIUM_PATH, BENCH_PORT (default 4190), BENCH_RUNS
// (default 3; the cold start and Today take the median of 5 unless BENCH_RUNS is set), BENCH_COLD_PORT (4191),
// BENCH_ONLY (photo-prep, sender, cold-start, centre or today: that one alone), BENCH_CENTRE_PORT (4192, for today too),
// E2E_AUTH_PORT and E2E_FIRESTORE_PORT (the staff lists' emulators, 9099 and 8085), BENCH_REUSE_BUILD=1
// (the builds left by the last bench, when nothing in src/ changed since: a build reused whatever its age
// once measured a door snapshot the code had had for hours as missing, and lie-fi at 32 s).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { build, runnerImport } from 'vite'

const runs = Number(process.env.BENCH_RUNS ?? 3)
const port = Number(process.env.BENCH_PORT ?? 4190)
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const pageDir = resolve('test-results/bench-photo-prep')

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const megabytes = (bytes) => `${(bytes / 1_000_000).toFixed(1)} MB`

async function photoPrep() {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('bench'),
    build: { outDir: pageDir, emptyOutDir: true, rollupOptions: { input: resolve('bench/photo-prep.html') } },
  })
  const types = { '.html': 'text/html', '.js': 'text/javascript' }
  const server = createServer((request, response) => {
    const path = join(
      pageDir,
      new URL(request.url ?? '/', 'http://x').pathname.replace(/\/$/, '/photo-prep.html'),
    )
    if (!path.startsWith(pageDir) || !existsSync(path)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
    response.end(readFileSync(path))
  })
  await new Promise((done) => server.listen(port, '127.0.0.1', done))
  const browser = await chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  const rows = []
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`http://127.0.0.1:${port}/photo-prep.html`)
    await page.waitForFunction(() => document.documentElement.dataset.benchReady === 'true')
    const sourceSizes = await page.evaluate(() => window.sunbeamBench.makePhotos(6, 4000, 3000))
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.enable')
    for (const slowdown of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
      const times = []
      const peaks = []
      let baseline = 0
      let preparedSizes = []
      for (let run = 0; run < runs; run += 1) {
        await cdp.send('HeapProfiler.collectGarbage')
        baseline = (await cdp.send('Runtime.getHeapUsage')).usedSize
        let peak = baseline
        let sampling = true
        const sampler = (async () => {
          while (sampling) {
            const { usedSize } = await cdp.send('Runtime.getHeapUsage')
            peak = Math.max(peak, usedSize)
            await new Promise((done) => setTimeout(done, 10))
          }
        })()
        const result = await page.evaluate(() => window.sunbeamBench.prepare())
        sampling = false
        await sampler
        times.push(result.ms)
        peaks.push(peak)
        preparedSizes = result.sizes
      }
      rows.push({
        cpu: slowdown === 1 ? 'as is' : `${slowdown}x slower`,
        median: median(times),
        min: Math.min(...times),
        max: Math.max(...times),
        baseline,
        peak: Math.max(...peaks),
        sourceBytes: sourceSizes.reduce((a, b) => a + b, 0),
        preparedBytes: preparedSizes.reduce((a, b) => a + b, 0),
      })
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  } finally {
    await browser.close()
    server.close()
  }
  console.log(
    `\nPreparing six 12-megapixel JPEGs (4000 x 3000) on the device, in Chromium, ${runs} runs each\n`,
  )
  console.log(
    '| CPU | median | fastest | slowest | JS heap before | peak JS heap | six photos in | six photos out |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows)
    console.log(
      `| ${row.cpu} | ${seconds(row.median)} | ${seconds(row.min)} | ${seconds(row.max)} | ${megabytes(row.baseline)} | ${megabytes(row.peak)} | ${megabytes(row.sourceBytes)} | ${megabytes(row.preparedBytes)} |`,
    )
}

async function senderThroughput() {
  const { module } = await runnerImport('./bench/sender-throughput.ts', {
    configFile: false,
    logLevel: 'silent',
  })
  const scenarios = [
    { scenario: 'no latency', submissions: 50, photosEach: 3, photoBytes: 300_000, latencyMs: 0 },
    { scenario: '150 ms per upload', submissions: 50, photosEach: 3, photoBytes: 300_000, latencyMs: 150 },
  ]
  const results = []
  for (const scenario of scenarios) results.push(await module.measureSender(scenario))
  console.log('\nThe outbox sender: 50 queued submissions, 3 photos of 300 kB each, in-memory ports\n')
  console.log(
    '| ports | queueing 50 | sending 50 | submissions/s | photos/s | Firestore writes | uploads | each once |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const r of results)
    console.log(
      `| ${r.scenario} | ${seconds(r.queueMs)} | ${seconds(r.sendMs)} | ${(r.submissions / (r.sendMs / 1000)).toFixed(1)} | ${(r.photos / (r.sendMs / 1000)).toFixed(1)} | ${r.writes} | ${r.uploads} | ${r.exactlyOnce ? 'yes' : 'NO'} |`,
    )
}

/** The middle value of a run's figures (null when no run reached the mark). */
function medianOf(values) {
  const reached = values.filter((value) => value !== null)
  if (reached.length === 0) return null
  return median(reached)
}

async function coldStart() {
  // A build of its own, with the emulators' default ports (Firestore's unreachable, as the benchmark
  // says): the browser suite's build in dist is left as it is.
  const outDir = `${process.env.SUNBEAM_OUT_DIR ?? 'dist'}-cold`
  benchBuild(outDir, 'sw.js', {}, 'the cold start')
  const out = resolve('test-results/bench-cold-start.json')
  const env = {
    ...process.env,
    SUNBEAM_OUT_DIR: outDir,
    BENCH_COLD_OUT: out,
    BENCH_RUNS: process.env.BENCH_RUNS ?? '5',
  }
  const run = spawnSync('npx', ['playwright', 'test', '--config', 'bench/playwright.cold-start.config.ts'], {
    stdio: 'inherit',
    env,
  })
  if (run.status !== 0) throw new Error('The cold-start benchmark could not run')
  const rows = JSON.parse(readFileSync(out, 'utf8'))
  const tapCell = (values) => {
    const middle = medianOf(values)
    const missing = values.filter((value) => value === null).length
    const text = middle === null ? 'never' : `${Math.round(middle)} ms`
    return missing ? `${text} (${missing} of ${values.length} never)` : text
  }
  const cell = (values) => {
    const middle = medianOf(values)
    const missing = values.filter((value) => value === null).length
    const text = middle === null ? 'never' : seconds(middle)
    return missing ? `${text} (${missing} of ${values.length} never)` : text
  }
  console.log(
    `\nA returning parent reopens the installed app on /profile, CPU 4x slower, median of ${env.BENCH_RUNS} (from the navigation's start)\n`,
  )
  console.log(
    "| network | ID token | 'My Profile' | every child listed | first paint of the list | first photo drawn | live data in place | a tap's navigation starts |",
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows)
    console.log(
      `| ${row.network} | ${row.token} | ${cell(row.profile)} | ${cell(row.children)} | ${cell(row.listPaint)} | ${cell(row.photo)} | ${cell(row.live)} | ${row.tap ? `${tapCell(row.tap)} after the tap` : 'not measured'} |`,
    )
}

/** The build made against the emulators' ports that the staff benchmarks open, made if missing. */
function staffBuild() {
  const outDir = `${process.env.SUNBEAM_OUT_DIR ?? 'dist'}-bench`
  benchBuild(
    outDir,
    'app-shell.html',
    {
      VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: process.env.E2E_FIRESTORE_PORT ?? '8085',
      VITE_FIREBASE_AUTH_EMULATOR_PORT: process.env.E2E_AUTH_PORT ?? '9099',
      VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: process.env.E2E_FUNCTIONS_PORT ?? '5011',
    },
    'the staff benchmarks',
  )
}

const built = new Set()
/**
 * Builds the app into `outDir` once per `npm run bench`: figures of an older build would be read as the
 * code's. BENCH_REUSE_BUILD=1 keeps a build already there (`marker` in it) while no file under src/ is
 * newer than it.
 */
function benchBuild(outDir, marker, env, forWhat) {
  if (built.has(outDir)) return
  const markerPath = join(outDir, marker)
  if (process.env.BENCH_REUSE_BUILD === '1' && existsSync(markerPath)) {
    const builtAt = statSync(markerPath).mtimeMs
    const newer = readdirSync('src', { recursive: true, encoding: 'utf8' }).find(
      (file) => statSync(join('src', file)).mtimeMs > builtAt,
    )
    if (!newer) {
      console.log(`\nReusing the build in ${outDir} for ${forWhat} (BENCH_REUSE_BUILD=1)`)
      built.add(outDir)
      return
    }
    console.log(`\nsrc/${newer} is newer than the build in ${outDir}: building again`)
  }
  console.log(`\nBuilding the app into ${outDir} for ${forWhat}`)
  const done = spawnSync('npx', ['vite', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ...env, SUNBEAM_OUT_DIR: outDir },
  })
  if (done.status !== 0) throw new Error(`The build for ${forWhat} failed`)
  built.add(outDir)
}

async function centreLists() {
  staffBuild()
  const out = resolve('test-results/bench-centre.json')
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '--config', 'bench/playwright.centre.config.ts', 'centre-lists.bench.ts'],
    { stdio: 'inherit', env: { ...process.env, BENCH_CENTRE_OUT: out } },
  )
  if (run.status !== 0) throw new Error('The staff lists benchmark could not run')
  const { children, inquiries, rows, staff = [] } = JSON.parse(readFileSync(out, 'utf8'))
  const at = (value) => (value === null ? 'never (60 s)' : seconds(value))
  if (staff.length > 0) {
    const opens = {
      'sign-in':
        "from the sign-in form's submit (/login?redirect=/centre; worker installed, device empty), same tab",
      cold: 'the installed app opened on /centre, signed in (from the navigation)',
    }
    console.log(
      `\n/centre's first open as staff meet it, ${children} children and ${inquiries} inquiries, CPU 4x slower (target: first card within 1.5 s)\n`,
    )
    console.log('| open | first card, median | runs | first page (50 cards), median |')
    console.log('|---|---|---|---|')
    for (const row of staff) {
      const middle = medianOf(row.firstCard)
      const page = medianOf(row.firstPage)
      console.log(
        `| ${opens[row.open] ?? row.open} | ${middle === null ? 'never' : seconds(middle)} | ${row.firstCard.map(at).join(', ')} | ${page === null ? 'never' : seconds(page)} |`,
      )
    }
  }
  if (rows.length === 0) return
  console.log(
    `\nThe staff lists with ${children} children and ${inquiries} inquiries in the Firestore emulator, CPU 4x slower (from the navigation's start; run 1 from an empty cache on the device)\n`,
  )
  console.log('| page | run | first card | first page (50 cards) | JS heap |')
  console.log('|---|---|---|---|---|')
  for (const row of rows)
    for (const [run, firstCard] of row.firstCard.entries())
      console.log(
        `| ${row.route} | ${run + 1} | ${at(firstCard)} | ${at(row.firstPage[run])} | ${megabytes(row.heap[run])} |`,
      )
}

/** ms as a whole number, or 'never'. */
const ms = (value) => (value === null ? 'never' : `${Math.round(value)} ms`)

async function todayDoor() {
  staffBuild()
  const out = resolve('test-results/bench-today.json')
  const env = { ...process.env, BENCH_TODAY_OUT: out, BENCH_RUNS: process.env.BENCH_RUNS ?? '5' }
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '--config', 'bench/playwright.centre.config.ts', 'today.bench.ts'],
    { stdio: 'inherit', env },
  )
  if (run.status !== 0) throw new Error("The 'Today' benchmark could not run")
  const { children, arrived, rows } = JSON.parse(readFileSync(out, 'utf8'))
  const cell = (values) => {
    const middle = medianOf(values)
    const missing = values.filter((value) => value === null).length
    const text = middle === null ? 'never' : seconds(middle)
    return missing ? `${text} (${missing} of ${values.length} never)` : text
  }
  console.log(
    `\n'Today' at the door: ${children} children (${arrived} arrived), the installed app opened on /centre/today from the device's cache, CPU 4x slower, median of ${env.BENCH_RUNS} (from the navigation's start; target: every child listed within 1 s, its first frame; the day's state as the device knows it beside)\n`,
  )
  console.log(
    "| network | open | first row | every child listed, its first frame | within 1 s | the list in full (the day's state too), its first frame | runs (every child listed) |",
  )
  console.log('|---|---|---|---|---|---|---|')
  const opens = {
    again: 'again that day (its snapshot)',
    'first-of-day': "the day's first (yesterday's snapshot)",
    'no-snapshot': "no snapshot (Firestore's cache alone)",
  }
  for (const row of rows) {
    const paint = medianOf(row.listedPaint)
    console.log(
      `| ${row.network} | ${opens[row.start]} | ${cell(row.firstRow)} | ${cell(row.listedPaint)} | ${paint !== null && paint <= 1000 ? 'yes' : 'NO'} | ${cell(row.fullPaint)} | ${row.listedPaint.map((value) => (value === null ? 'never' : seconds(value))).join(', ')} |`,
    )
  }
  console.log(
    "\nA tap on the first row's 'Arrived' once the list is in full, CPU 4x slower (Event Timing of its click; Chromium reports 16 ms and more only; target: the row says 'Arrived at' in the next frame)\n",
  )
  console.log(
    '| network | in the next frame | tap to that frame, median | duration (INP), median | input delay | processing | presentation delay | runs (duration) |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows) {
    const taps = row.taps.filter((tap) => tap !== null)
    const timed = taps.map((tap) => tap.timing)
    const of = (key) => medianOf(timed.map((timing) => (timing ? timing[key] : null)))
    console.log(
      `| ${row.network}${row.start === 'again' ? '' : `, ${opens[row.start]}`} | ${taps.filter((tap) => tap.nextFrame).length} of ${row.taps.length} | ${ms(medianOf(taps.map((tap) => tap.toFrame)))} | ${ms(of('duration'))} | ${ms(of('inputDelay'))} | ${ms(of('processing'))} | ${ms(of('presentation'))} | ${timed.map((timing) => (timing ? `${Math.round(timing.duration)}` : '<16')).join(', ')} |`,
    )
  }
}

const only = process.env.BENCH_ONLY
if (!only || only === 'photo-prep') await photoPrep()
if (!only || only === 'sender') await senderThroughput()
if (!only || only === 'cold-start') await coldStart()
if (!only || only === 'centre') await centreLists()
if (!only || only === 'today') await todayDoor()
