// The installed app reopened by a returning parent (`npm run bench`, through
// bench/playwright.cold-start.config.ts): the production build with its service worker in control, a
// parent signed in earlier with two children (their photos uploaded, so the device keeps copies),
// reopened on /profile with the CPU slowed 4 times, on each network, with a fresh and with an expired
// ID token. It records, from the navigation's start: 'My Profile' shown, every child listed, the first
// photo drawn, the live page in place; and, in a second reopening, how long a tap on a child's card made
// as soon as 'My Profile' shows waits for its navigation to start (issue 52: within 100 ms). Figures, not a pass or fail: scripts/bench.mjs prints them as a table.
// Networks: online (Auth answers; Firestore's server is unreachable in this setup, as in the browser
// suite); offline (the browser's own offline mode); lie-fi (every Firebase request left unanswered).
import { mkdirSync, writeFileSync } from 'node:fs'
import { type BrowserContext, test } from '@playwright/test'
import { appPage } from '../e2e/fixtures'
import { expireIdToken } from '../e2e/id-token'
import { parentSteps } from '../e2e/parent-steps'
import { waitForServiceWorker } from '../e2e/service-worker'
import { answerStorage } from '../e2e/storage-fake'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CPU_SLOWDOWN = 4
const CHILDREN = ['Amara Obi', 'Bola Ade'] as const
// The emulators' ports the build talks to: the suite's defaults, or a second copy's (E2E_AUTH_PORT and
// E2E_FIRESTORE_PORT, docs/testing.md), and Storage's.
const PORTS = [process.env.E2E_AUTH_PORT ?? '9099', process.env.E2E_FIRESTORE_PORT ?? '8080', '9199']
const FIREBASE = new RegExp(`^http://127\\.0\\.0\\.1:(${PORTS.join('|')})/`)
/** A run that has not shown a mark by then records it as missing (the old build waits 30 s on lie-fi). */
const GIVE_UP_MS = 45_000

type Network = 'online' | 'offline' | 'lie-fi'
type Token = 'fresh' | 'expired'

export interface ColdStartRow {
  readonly network: Network
  readonly token: Token
  /** One entry per run: ms from the navigation's start, null when the mark never came. */
  readonly profile: (number | null)[]
  readonly children: (number | null)[]
  readonly listPaint: (number | null)[]
  readonly photo: (number | null)[]
  readonly live: (number | null)[]
  /** ms from a tap on a child's card, made as soon as 'My Profile' shows, to the navigation's start. */
  readonly tap: (number | null)[]
}

interface Marks {
  /** 'My Profile' on screen (the device's picture of the page, or the live page). */
  profile?: number
  /** Every child's name on screen. */
  children?: number
  /** The first frame painted with every child on screen (its animation callbacks, before its paint). */
  listPaint?: number
  /** A cover photo drawn. */
  photo?: number
  /** The live page (React, with Firebase's data) in place, every child listed, no picture left. */
  live?: number
}

declare global {
  interface Window {
    sunbeamMarks?: Marks
  }
}

/** Records in the page when each mark first holds (a MutationObserver, not polling from the test). */
function watchMarks(children: readonly string[]) {
  const marks: Marks = {}
  window.sunbeamMarks = marks
  // Shown: not under the hidden live page while the picture is up (checkVisibility: Chromium 105+).
  const shown = (element: Element) => element.checkVisibility()
  const listed = (scope: ParentNode) => {
    const names = [...scope.querySelectorAll('.kid-card-name')].filter(shown).map((n) => n.textContent)
    return children.every((name) => names.includes(name))
  }
  const check = () => {
    const now = performance.now()
    if (!document.querySelector('main')) return
    if (
      marks.profile === undefined &&
      [...document.querySelectorAll('main h1')].some((h) => h.textContent === 'My Profile' && shown(h))
    )
      marks.profile = now
    if (marks.children === undefined && listed(document)) {
      marks.children = now
      // The next frame's animation callbacks: that frame's style, layout and paint follow at once.
      requestAnimationFrame(() => {
        marks.listPaint = performance.now()
      })
    }
    const live = document.querySelector('#root main')
    if (marks.live === undefined && live && !document.getElementById('sunbeam-picture') && listed(live))
      marks.live = now
    const cover = [...document.querySelectorAll<HTMLImageElement>('main img.kid-card-cover')].find(shown)
    if (marks.photo === undefined && cover?.complete && cover.naturalWidth > 0) marks.photo = now
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
  document.addEventListener('load', check, true)
}

/**
 * In the page, before its scripts: when a tap (click) came, and when the navigation it asked for started:
 * a new document (its time origin) or the router's pushState. Both as epoch ms, in sessionStorage, which
 * the tab keeps across its documents.
 */
function watchTap() {
  const now = () => performance.timeOrigin + performance.now()
  if (sessionStorage.getItem('bench-tap') !== null && sessionStorage.getItem('bench-navigated') === null)
    sessionStorage.setItem('bench-navigated', String(performance.timeOrigin))
  addEventListener(
    'click',
    (event) => {
      if (sessionStorage.getItem('bench-tap') === null)
        sessionStorage.setItem('bench-tap', String(performance.timeOrigin + event.timeStamp))
    },
    true,
  )
  const push = history.pushState
  history.pushState = function pushState(...args: Parameters<History['pushState']>) {
    if (sessionStorage.getItem('bench-tap') !== null && sessionStorage.getItem('bench-navigated') === null)
      sessionStorage.setItem('bench-navigated', String(now()))
    return push.apply(this, args)
  }
}

/**
 * One reopening at 4x CPU in which the parent taps the first child's card as soon as 'My Profile' shows
 * (the picture, or the live page when it is first): ms from the tap to the navigation's start.
 */
async function reopenAndTap(context: BrowserContext): Promise<number | null> {
  const page = await context.newPage()
  await page.addInitScript(watchMarks, [...CHILDREN])
  await page.addInitScript(watchTap)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  try {
    await page.goto('/profile', { waitUntil: 'commit' })
    await page.waitForFunction(() => window.sunbeamMarks?.profile !== undefined, null, {
      timeout: GIVE_UP_MS,
      polling: 'raf',
    })
    await page.locator('.kid-card-link').filter({ visible: true }).first().click({ timeout: GIVE_UP_MS })
    await page.waitForFunction(() => sessionStorage.getItem('bench-navigated') !== null, null, {
      timeout: GIVE_UP_MS,
      polling: 100,
    })
    return await page.evaluate(
      () => Number(sessionStorage.getItem('bench-navigated')) - Number(sessionStorage.getItem('bench-tap')),
    )
  } catch {
    return null
  } finally {
    await page.close()
  }
}

/** BENCH_TRACE=1: one more reopening per row, not counted, recorded as a Chrome trace (the marks in it). */
const TRACE = process.env.BENCH_TRACE === '1' || process.env.BENCH_TRACE === 'profile'
const PROFILE = process.env.BENCH_TRACE === 'profile'

/** One reopening: a new page at 4x CPU on /profile; the marks it reached within GIVE_UP_MS. */
async function reopen(context: BrowserContext, tracePath?: string) {
  const page = await context.newPage()
  await page.addInitScript(watchMarks, [...CHILDREN])
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const browser = context.browser()
  if (tracePath && browser)
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'disabled-by-default-devtools.timeline',
        // BENCH_TRACE=profile: JavaScript sampled too (which functions the time went to; it slows the
        // page down, most of all its start).
        ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    })
  await page.goto('/profile', { waitUntil: 'commit' })
  await page
    .waitForFunction(
      () =>
        window.sunbeamMarks?.photo !== undefined &&
        window.sunbeamMarks.live !== undefined &&
        window.sunbeamMarks.listPaint !== undefined,
      null,
      {
        timeout: GIVE_UP_MS,
        polling: 250,
      },
    )
    .catch(() => undefined)
  const marks = await page.evaluate(() => window.sunbeamMarks ?? {}).catch(() => ({}))
  if (tracePath && browser) {
    // The marks as user timings, so that the trace's reader finds them beside the tasks.
    await page.evaluate((all) => {
      performance.mark('bench:origin', { startTime: 0 })
      for (const [name, at] of Object.entries(all)) performance.mark(`bench:${name}`, { startTime: at })
    }, marks)
    await browser.stopTracing()
  }
  await page.close()
  return marks as Marks
}

test('cold start of the installed app, 4x CPU', async ({ browser }, testInfo) => {
  test.setTimeout(60 * 60_000)
  const rows: ColdStartRow[] = []
  for (const token of ['fresh', 'expired'] as const) {
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    })
    await answerStorage(context)
    const page = await context.newPage()
    const app = appPage(page)
    const parent = parentSteps({ page, app, testInfo })
    await app.goto('/')
    await waitForServiceWorker(page)
    await parent.signUp({ label: `bench-${token}` })
    for (const name of CHILDREN) await parent.addChild({ kidName: name, photos: 1 })
    // Every photo uploaded (the harness answers Storage), so the device keeps its copies.
    await page.waitForFunction(() => document.querySelectorAll('.kid-badge').length === 0, null, {
      timeout: 30_000,
    })
    // The app's window is closed: the installed app is reopened, not a second window beside it. This
    // page (a file of the site, not the app) only changes the stored token between runs.
    await page.goto('/robots.txt')
    for (const network of ['online', 'offline', 'lie-fi'] as const) {
      const row: ColdStartRow = {
        network,
        token,
        profile: [],
        children: [],
        listPaint: [],
        photo: [],
        live: [],
        tap: [],
      }
      for (let run = 0; run < RUNS; run += 1) {
        if (token === 'expired') await expireIdToken(page)
        if (network === 'offline') await context.setOffline(true)
        if (network === 'lie-fi') await context.route(FIREBASE, () => undefined)
        const marks = await reopen(context)
        row.tap.push(await reopenAndTap(context))
        if (network === 'offline') await context.setOffline(false)
        if (network === 'lie-fi') await context.unroute(FIREBASE)
        row.profile.push(marks.profile ?? null)
        row.children.push(marks.children ?? null)
        row.listPaint.push(marks.listPaint ?? null)
        row.photo.push(marks.photo ?? null)
        row.live.push(marks.live ?? null)
      }
      if (TRACE) {
        if (token === 'expired') await expireIdToken(page)
        if (network === 'offline') await context.setOffline(true)
        if (network === 'lie-fi') await context.route(FIREBASE, () => undefined)
        await reopen(context, `test-results/bench-cold-start/trace-${network}-${token}.json`)
        if (network === 'offline') await context.setOffline(false)
        if (network === 'lie-fi') await context.unroute(FIREBASE)
      }
      rows.push(row)
    }
    await context.close()
  }
  mkdirSync('test-results', { recursive: true })
  writeFileSync(
    process.env.BENCH_COLD_OUT ?? 'test-results/bench-cold-start.json',
    JSON.stringify(rows, null, 2),
  )
})
