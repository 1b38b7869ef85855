// axe-core (Deque's accessibility engine) run inside a page of the browser suite, on the WCAG 2.0, 2.1
// and 2.2 A and AA rules. Evaluated through Playwright, which the page's Content-Security-Policy does
// not restrict (an injected <script> would be refused). @axe-core/playwright needs Node 22; axe-core
// itself is all it uses.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const

/** One failed rule: its id, what it asks, and the elements that fail it (CSS selectors). */
export interface AxeViolation {
  readonly id: string
  readonly help: string
  readonly nodes: readonly string[]
}

/**
 * The page's violations of the WCAG A/AA rules, once its running transitions have ended (an empty list
 * when it has none). A toast fading in measures as text of a fraction of its colour: axe read the
 * success toast's half-faded text as a 1.2:1 contrast. A person reads it once it has settled.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(
    async (tags) => {
      type Result = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }
      const axe = (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> }
        }
      ).axe
      const { violations } = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }))
    },
    [...WCAG_TAGS],
  )
}
