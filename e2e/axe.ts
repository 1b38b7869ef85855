// axe-core (Deque's accessibility engine) run inside a page of the browser suite, on the WCAG 2.0, 2.1
// and 2.2 A and AA rules. Evaluated through Playwright, which the page's Content-Security-Policy does
// not restrict (an injected <script> would be refused). @axe-core/playwright needs Node 22; axe-core
// itself is all it uses.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { adoptPageSheet } from './page-sheet'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const

/** One failed rule: its id, what it asks, and the elements that fail it (CSS selectors). */
export interface AxeViolation {
  readonly id: string
  readonly help: string
  readonly nodes: readonly string[]
}

/** Resolves once the page's running transitions and finite animations have ended. */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** How many times axe runs while something on the page starts moving before its answer is taken. */
const AXE_ATTEMPTS = 3

/**
 * The page's violations of the WCAG A/AA rules, once its running transitions have ended (an empty list
 * when it has none). A toast fading in measures as text of a fraction of its colour: axe read the
 * success toast's half-faded text as a 1.2:1 contrast. A person reads it once it has settled. A
 * transition that starts while axe runs (a live list updating, a button under the pointer after a
 * layout change) is measured mid-way too: axe read a button half-way through its colour change as
 * 1.05:1 (the staff list at 1280 px, three workers on two cores). So axe runs again, after the page
 * has settled, when anything started moving during its run; a page at rest answers at once.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  await page.evaluate(adoptPageSheet, stillSheet(true))
  try {
    return await settledViolations(page)
  } finally {
    await page.evaluate(adoptPageSheet, stillSheet(false)).catch(() => undefined)
  }
}

/**
 * While axe measures, every colour change is applied at once rather than over its 0.2 s transition: a
 * hover moved by a scroll (Chromium re-reads the pointer's target after it) or a card re-rendered by a
 * late snapshot started a button's change under axe, which read a blend of its two states no one ever
 * settles on (2:1, a ghost button half-way from primary, enrolment.online.spec.ts with one core busy).
 * The settled colours are still what axe measures (a sheet laid over the page, page-sheet.ts).
 */
const stillSheet = (on: boolean) => ({
  key: 'sunbeamAxeStill',
  css: '*, *::before, *::after { transition: none !important; }',
  on,
})

async function settledViolations(page: Page): Promise<AxeViolation[]> {
  for (let attempt = 1; ; attempt++) {
    await animationsFinished(page)
    const { moved, violations } = await page.evaluate(
      async (tags) => {
        type Result = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }
        const axe = (
          window as unknown as {
            axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> }
          }
        ).axe
        let started = false
        const onStart = () => {
          started = true
        }
        const kinds = ['transitionrun', 'animationstart'] as const
        for (const kind of kinds) document.addEventListener(kind, onStart, true)
        try {
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
          })
          const running = document
            .getAnimations()
            .some(
              (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            )
          return {
            moved: started || running,
            violations: result.violations.map((violation) => ({
              id: violation.id,
              help: violation.help,
              nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
            })),
          }
        } finally {
          for (const kind of kinds) document.removeEventListener(kind, onStart, true)
        }
      },
      [...WCAG_TAGS],
    )
    if (!moved || violations.length === 0 || attempt === AXE_ATTEMPTS) return violations
  }
}
