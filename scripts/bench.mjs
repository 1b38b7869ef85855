#!/usr/bin/env node
// `npm run bench`: two benchmarks (not tests: they print figures, they do not pass or fail).
//  1. Preparing six 12-megapixel JPEGs on the device, with the add form's own code
//     (src/kids/photo-prep.ts), in Chromium: time, and the peak JS heap sampled every 10 ms through the
//     DevTools protocol; then again with the CPU slowed down 4 times (a budget phone).
//  2. The outbox sender's throughput: 50 queued submissions (3 photos each) sent to in-memory fakes of
//     Storage and Firestore, with no latency and with 150 ms per upload (bench/sender-throughput.ts).
// Prints one Markdown table each. Environment: CHROMIUM_PATH, BENCH_PORT (default 4190), BENCH_RUNS
// (default 3).
import { existsSync, readFileSync } from 'node:fs'
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

await photoPrep()
await senderThroughput()
