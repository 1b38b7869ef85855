import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { type AppPage, appPage } from './app-page'
import {
  isConnectivityProbeRefusal,
  isFirestoreChannelEnded,
  isFirestoreConnectivityProbe,
} from './firestore-offline'
import { offlineWorldRefuses } from './online-world'
import { type ParentSteps, parentSteps } from './parent-steps'

export { type AppPage, appPage } from './app-page'

// Every browser test gets a page that fails the test on a console error, an uncaught exception, a
// Content-Security-Policy violation (the suite's server sends firebase.json's headers, see
// scripts/hosting-server.mjs) or a request that leaves this machine. Tests that expect a
// particular console error (say, Firestore complaining that its server is unreachable) list it in
// `allowedConsoleErrors` (matched against the text, and against the text followed by the failing
// resource's address in brackets). A Firestore channel the emulator had already ended is the SDK's to
// recover from, and is noted, not failed (isFirestoreChannelEnded). Pages are opened through the `app` fixture, which waits until the app has
// marked itself ready; `parent` is a parent's steps on the test's page (e2e/parent-steps.ts).

interface Fixtures {
  allowedConsoleErrors: RegExp[]
  cspViolations: CspViolation[]
  pageGuards: undefined
  app: AppPage
  parent: ParentSteps
}

const offMachine =
  /^(?!(?:https?|wss?):\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?#]|$)|data:|blob:)/

/** What a page reports of a Content-Security-Policy violation (its SecurityPolicyViolationEvent). */
export interface CspViolation {
  effectiveDirective: string
  blockedURI: string
  documentURI: string
  sourceFile: string
  lineNumber: number
  sample: string
}

/** Every page of the context reports each violation of its policy through this binding. */
const cspViolationBinding = '__sunbeamCspViolation'

function reportCspViolations(binding: string) {
  window.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding]
      report?.({
        effectiveDirective: event.effectiveDirective,
        blockedURI: event.blockedURI,
        documentURI: event.documentURI,
        sourceFile: event.sourceFile,
        lineNumber: event.lineNumber,
        sample: event.sample,
      })
    },
    true,
  )
}

export function describeCspViolation(violation: CspViolation): string {
  const where = violation.sourceFile ? ` (${violation.sourceFile}:${violation.lineNumber})` : ''
  const sample = violation.sample ? ` "${violation.sample}"` : ''
  return `Content-Security-Policy violation on ${violation.documentURI}: ${violation.effectiveDirective} blocked ${violation.blockedURI || 'an inline source'}${sample}${where}`
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  app: async ({ page }, use) => {
    await use(appPage(page))
  },
  parent: async ({ page, app }, use, testInfo) => {
    await use(parentSteps({ page, app, testInfo }))
  },
  // Every violation a page of this test reported, in order (for a test that checks step by step).
  cspViolations: async ({ context }, use) => {
    const violations: CspViolation[] = []
    await context.exposeBinding(cspViolationBinding, (_source, violation: CspViolation) => {
      violations.push(violation)
    })
    await context.addInitScript(reportCspViolations, cspViolationBinding)
    await use(violations)
  },
  pageGuards: [
    async ({ page, allowedConsoleErrors, cspViolations }, use, testInfo) => {
      const problems: string[] = []
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return
        const text = msg.text()
        // For 'Failed to load resource', the location is the resource that failed.
        const where = msg.location().url
        const withWhere = `${text}${where ? ` (${where})` : ''}`
        if (allowedConsoleErrors.some((re) => re.test(text) || re.test(withWhere))) return
        // The probe's violation is let pass below; this is Chromium's line for the same refusal.
        if (isConnectivityProbeRefusal(text)) return
        if (isFirestoreChannelEnded(text, where)) {
          testInfo.annotations.push({ type: 'firestore-channel', description: withWhere })
          return
        }
        problems.push(`console error: ${withWhere}`)
      })
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
      await page.context().route(offMachine, async (route) => {
        problems.push(`off-machine request: ${route.request().url()}`)
        await route.abort()
      })
      // The offline world: the suite's one build names the emulators' ports, and nothing answers there
      // for these tests (e2e/online-world.ts). A test's own answers (e2e/firestore-rest-fake.ts) are
      // routed after this and come first.
      if (!testInfo.project.name.startsWith('online'))
        await page.context().route(offlineWorldRefuses, (route) => route.abort('connectionrefused'))
      await use(undefined)
      // Chromium logs a violation as a console error too, but a test may allow console errors by
      // pattern; a reported violation fails it whatever it allows, except the one the policy makes on
      // purpose (Firestore's connectivity probe).
      for (const violation of cspViolations) {
        if (!isFirestoreConnectivityProbe(violation)) problems.push(describeCspViolation(violation))
      }
      expect(problems, 'console errors, Content-Security-Policy violations or off-machine requests').toEqual(
        [],
      )
    },
    { auto: true },
  ],
})

export { expect }

/** One pattern matching any of these: test.use() would read a two-element array as [value, options]. */
export function anyOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'))
}

/**
 * Waits until the element is interactive. Parts of a prerendered page below the first screen hydrate
 * when reached (src/shared/ui/defer-hydration.tsx), which marks its wrapper `data-hydrated`; a link
 * tapped before that works as a plain link, a full page load, not an in-app navigation.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        const deferred = element.closest('.deferred-section')
        return deferred
          ? deferred.getAttribute('data-hydrated') === 'true'
          : document.documentElement.dataset.appReady === 'true'
      }),
    )
    .toBe(true)
}

/** How long one scroll step (scroll, then a frame or 100 ms) may take; it takes milliseconds, seconds under load. */
const SCROLL_STEP_LIMIT_MS = 15_000

/**
 * Waits until the page has answered what just happened to it (an event it was sent, a scroll, a tap):
 * its handlers ran when the event was dispatched, and what they scheduled (React's render and commit,
 * a timer of 0, a microtask) has run and been painted, after two animation frames and a task. A test
 * that says "nothing appears" checks after this, not after a fixed sleep that is too long on a quiet
 * machine and too short on a busy one.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  )
}
/**
 * Scrolls the page from top to bottom half a screen at a time, so lazy images and deferred sections
 * below the first screen are requested. Each step is its own bounded call: on a machine running two
 * suites, Chromium twice rendered nothing and ran no timer for minutes in the middle of a scroll, and
 * a single call waited until the test's timeout with nothing to say why. A stuck step now fails at
 * once, with what the renderers were doing meanwhile.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const step = await page.evaluate(() => window.innerHeight / 2)
  for (let y = 0; ; y += step) {
    const height = await withinStepLimit(
      page,
      `scrolling to ${y}`,
      page.evaluate(async (top) => {
        window.scrollTo(0, top)
        await new Promise((resolve) => {
          requestAnimationFrame(resolve)
          setTimeout(resolve, 100)
        })
        return document.body.scrollHeight
      }, y),
    )
    if (y + step >= height) break
  }
  await withinStepLimit(
    page,
    'scrolling to the bottom',
    page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)),
  )
}

async function withinStepLimit<T>(page: Page, what: string, call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SCROLL_STEP_LIMIT_MS)
  })
  try {
    const result = await Promise.race([call, late])
    if (result !== 'late') return result
  } finally {
    clearTimeout(timer)
  }
  call.catch(() => undefined)
  throw new Error(
    `${page.url()} did not answer ${what} within ${SCROLL_STEP_LIMIT_MS / 1000} s. ${await rendererEvidence(page)}`,
  )
}

/** What the renderers did over two seconds, and whether the page still runs a script: a stall's evidence. */
async function rendererEvidence(page: Page): Promise<string> {
  const notes: string[] = []
  try {
    const browser = page.context().browser()
    if (browser) {
      const session = await browser.newBrowserCDPSession()
      type ProcessInfo = { processInfo: { type: string; id: number; cpuTime: number }[] }
      const cpu = async () =>
        new Map(
          ((await session.send('SystemInfo.getProcessInfo')) as ProcessInfo).processInfo.map((p) => [
            `${p.type} ${p.id}`,
            p.cpuTime,
          ]),
        )
      const before = await cpu()
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const after = await cpu()
      const busy = [...after].map(
        ([name, time]) => `${name} +${(time - (before.get(name) ?? 0)).toFixed(2)} s`,
      )
      notes.push(`CPU time over 2 s: ${busy.join(', ')}.`)
      await session.detach()
    }
  } catch (error) {
    notes.push(`No CPU figures: ${String(error)}.`)
  }
  const answer = await Promise.race([
    page.evaluate(() => `the page answers a script (visibility ${document.visibilityState})`),
    new Promise<string>((resolve) =>
      setTimeout(() => resolve('the page answers no script within 3 s'), 3_000),
    ),
  ]).catch((error: unknown) => `a script fails: ${String(error)}`)
  notes.push(`Then ${answer}.`)
  return notes.join(' ')
}
