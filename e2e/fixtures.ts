import { test as base, expect, type Locator, type Response } from '@playwright/test'

// Every browser test gets a page that fails the test on a console error, an uncaught exception or
// a request that leaves this machine. Tests that expect a particular console error (say, Firestore
// complaining that its server is unreachable) list it in `allowedConsoleErrors`.
interface Guards {
  allowedConsoleErrors: RegExp[]
  pageGuards: undefined
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

export const test = base.extend<Guards>({
  allowedConsoleErrors: [[], { option: true }],
  pageGuards: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = []
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return
        const text = msg.text()
        if (allowedConsoleErrors.some((re) => re.test(text))) return
        problems.push(`console error: ${text}`)
      })
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
      // A prerendered page is visible before React has hydrated it; a person would not tap within those
      // milliseconds, but a test would. After loading an HTML page, wait until the app marks itself ready.
      const waitForApp = async (response: Response | null) => {
        if (response && !(response.headers()['content-type'] ?? '').includes('text/html')) return
        await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
      }
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await waitForApp(response)
        return response
      }
      const reload = page.reload.bind(page)
      page.reload = async (options) => {
        const response = await reload(options)
        await waitForApp(response)
        return response
      }
      await page.context().route(
        (url) => !['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) || !localHosts.has(url.hostname),
        async (route) => {
          const url = new URL(route.request().url())
          if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
          problems.push(`off-machine request: ${route.request().url()}`)
          await route.abort()
        },
      )
      await use(undefined)
      expect(problems, 'console errors or off-machine requests').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until React has hydrated the element (it keeps its fiber on hydrated DOM nodes). Parts of a
 * prerendered page below the first screen hydrate when reached (src/shared/ui/defer-hydration.tsx);
 * a link tapped before that works as a plain link, a full page load, not an in-app navigation.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
    )
    .toBe(true)
}
