// Opening a page of the app and waiting until it is ready: the `app` fixture (fixtures.ts) and the
// parent's steps (parent-steps.ts) both use it, from this leaf module.
import type { Page, Response } from '@playwright/test'

/** Opening a page of the app: like page.goto/reload, then waits until the app marks itself ready. */
export interface AppPage {
  goto(url: string, options?: Parameters<Page['goto']>[1]): Promise<Response | null>
  reload(options?: Parameters<Page['reload']>[0]): Promise<Response | null>
}

/**
 * A prerendered page is visible before React has hydrated it; a person would not tap within those
 * milliseconds, but a test would. After loading an HTML page, this waits for `data-app-ready`, which
 * the root layout sets once the page is interactive (hydrated, or rendered in the browser).
 */
export function appPage(page: Page): AppPage {
  const ready = async (response: Response | null) => {
    if (response && !(response.headers()['content-type'] ?? '').includes('text/html')) return response
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
    return response
  }
  return {
    goto: async (url, options) => ready(await page.goto(url, options)),
    reload: async (options) => ready(await page.reload(options)),
  }
}
