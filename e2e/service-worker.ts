import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { builtFileFor } from '../scripts/prerender.mjs'
import { expect } from './fixtures'

// The service worker as the browser suite waits for it. Installing, activating and taking control are
// separate steps that finish at different times, and tests that take the network away must wait for
// the last of what they rely on, not for the first sign of a worker.

export const outDir = resolve(process.env.SUNBEAM_OUT_DIR ?? 'dist')

/** The URLs the build wrote into sw.js's precache list: [{"revision":"...","url":"/about"}, ...]. */
export function precacheList(): string[] {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8')
  return [...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map(
    (match) => match[1] as string,
  )
}

/** The built files behind the precache list: 'about.html', 'assets/x.js', … */
export function precachedFiles(): string[] {
  return precacheList().map(builtFileFor)
}

/**
 * Waits until the page's service worker has activated (its activate step done, not merely begun),
 * controls the page, and holds every file of the build's precache list in Cache Storage: from then on
 * the marketing pages need no network.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const files = precacheList().length
  expect(files).toBeGreaterThan(0)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          if (registration?.active?.state !== 'activated' || !navigator.serviceWorker.controller) return -1
          const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache-'))
          return precache ? (await (await caches.open(precache)).keys()).length : 0
        }),
      { message: 'the worker is activated, controls the page and has precached every file' },
    )
    .toBe(files)
}

/**
 * Waits until the service worker keeps every file of the app the page has loaded outside its precache
 * (Firebase's chunks, kept when first used: src/pwa/service-worker.ts). A page loaded before the worker
 * controlled it hands them over once it does, and the worker fetches them again: a test that goes
 * offline before then finds them missing when it reopens the app.
 */
export async function waitForLoadedChunksKept(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter(
              (url) => url.origin === location.origin && /^\/assets\/firebase-[\w-]+\.js$/.test(url.pathname),
            )
          const kept = new Set(
            (await (await caches.open('sunbeam-app-chunks')).keys()).map(
              (request) => new URL(request.url).pathname,
            ),
          )
          return loaded.filter((url) => !kept.has(url.pathname)).map((url) => url.pathname)
        }),
      { timeout: 30_000, message: 'the service worker keeps the Firebase chunks the page loaded' },
    )
    .toEqual([])
}

/** Every entry in the page's Cache Storage, as `cache name: URL`. */
export async function cacheStorageEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const entries: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) entries.push(`${name}: ${request.url}`)
    }
    return entries
  })
}
