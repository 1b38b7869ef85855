#!/usr/bin/env node
// Where a returning parent's cold start spends its time: reads the Chrome traces that
// `BENCH_TRACE=1 BENCH_ONLY=cold-start npm run bench` records (test-results/bench-cold-start/trace-*.json,
// one extra reopening per network, at 4x CPU) and prints, per trace, the renderer's main thread from the
// navigation's start to the mark named (default: every child listed), in milliseconds: script run and
// compiled per file (hashes left out), style, layout and paint, the parser, other tasks, and idle time
// (waiting for the disk, the worker or the network). Figures for docs/decisions/0033.
// Usage: node scripts/cold-start-trace.mjs [--until=children|listPaint|live|photo] [trace.json …]
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const untilArg = process.argv.find((arg) => arg.startsWith('--until='))
const until = `bench:${untilArg ? untilArg.slice('--until='.length) : 'children'}`
const dir = 'test-results/bench-cold-start'
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const traces = files.length
  ? files
  : readdirSync(dir)
      .filter((name) => /^trace-.*\.json$/.test(name))
      .map((name) => join(dir, name))

const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
])
const RENDER = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'PaintImage',
])

/** The file a script event ran or compiled, without its hash ('framework', 'firebase-backend', 'inline'). */
function fileOf(event) {
  const url = event.args?.data?.url ?? event.args?.fileName ?? event.args?.data?.fileName ?? ''
  if (!url) return 'script (no file)'
  const name = url.split('/').pop().split('?')[0]
  if (/\/profile$/.test(url) || name === 'profile') return 'app shell (inline scripts)'
  return name.replace(/-[\w-]{8}\.js$/, '')
}

/** The bucket of an event inside a task, or null to look inside it. */
function kindOf(e) {
  if (e.name === 'v8.evaluateModule') return 'script: modules evaluated (the graph at once)'
  if (SCRIPT.has(e.name)) return `script: ${fileOf(e)}`
  if (e.name === 'RunMicrotasks') return 'script: promise callbacks'
  if (RENDER.has(e.name)) return 'style, layout, paint'
  if (e.name === 'ParseHTML') return 'HTML parser'
  if (e.name.startsWith('DocumentLoader::') || e.name.startsWith('NavigationBodyLoader::'))
    return 'navigation (the page from the worker)'
  if (/GC/.test(e.name)) return 'garbage collection'
  return null
}

function breakdown(file) {
  const trace = JSON.parse(readFileSync(file, 'utf8'))
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  // The navigation's start: the bench's own mark at 0 ms, else the trace's navigation to /profile.
  const start =
    events.find((e) => e.name === 'bench:origin') ??
    events.find(
      (e) => e.name === 'navigationStart' && /\/profile$/.test(e.args?.data?.documentLoaderURL ?? ''),
    )
  const mark = events.find((e) => e.name === until)
  if (!start || !mark) return { file, missing: !start ? 'navigation' : until }
  const main = (e) => e.pid === start.pid && e.tid === start.tid
  const from = start.ts
  const to = mark.ts
  const inWindow = events
    .filter((e) => main(e) && e.ph === 'X' && e.ts < to && e.ts + (e.dur ?? 0) > from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const clip = (e) => (Math.min(to, e.ts + (e.dur ?? 0)) - Math.max(from, e.ts)) / 1000
  const buckets = new Map()
  const add = (name, ms) => buckets.set(name, (buckets.get(name) ?? 0) + ms)
  let busy = 0
  // Outermost tasks; inside each, the outermost script, render and parser events.
  const tasks = inWindow.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  let lastEnd = -1
  for (const task of tasks) {
    if (task.ts < lastEnd) continue
    lastEnd = task.ts + (task.dur ?? 0)
    const taskMs = clip(task)
    busy += taskMs
    let counted = 0
    let innerEnd = -1
    for (const e of inWindow) {
      if (e.ts < task.ts || e.ts >= lastEnd || e === task || e.ts < innerEnd) continue
      const kind = kindOf(e)
      if (!kind) continue
      innerEnd = e.ts + (e.dur ?? 0)
      const ms = clip(e)
      add(kind, ms)
      counted += ms
    }
    add('other tasks', Math.max(0, taskMs - counted))
  }
  const total = (to - from) / 1000
  add('idle (disk, worker, network)', Math.max(0, total - busy))
  return { file, total, buckets }
}

for (const trace of traces) {
  const result = breakdown(trace)
  if (result.missing) {
    console.log(`\n${result.file}: no ${result.missing} mark`)
    continue
  }
  console.log(`\n${result.file}: ${Math.round(result.total)} ms to ${until} (4x CPU)\n`)
  console.log('| where | ms |\n|---|---|')
  for (const [name, ms] of [...result.buckets].sort((a, b) => b[1] - a[1]))
    if (ms >= 5) console.log(`| ${name} | ${Math.round(ms)} |`)
}
