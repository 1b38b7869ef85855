// Checks the production build itself (no browser needed): what the service worker precaches.
// It reads files and asks the suite's server for the precached addresses: once, on the phone.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { servedPath } from '../scripts/prerender.mjs'
import { expect, test } from './fixtures'
import { precachedFiles, precacheList } from './service-worker'

const outDir = resolve(process.env.SUNBEAM_OUT_DIR ?? 'dist')

const marketingPages = [
  'index.html',
  'about.html',
  'pricing.html',
  'team.html',
  'blog.html',
  ...[1, 2, 3, 4, 5, 6].map((id) => `blog/${id}.html`),
  'contact.html',
]

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesIn(path) : [relative(outDir, path)]
  })
}

/** Holds code of the Firebase SDK (its packages name themselves '@firebase/...' in the bundle). */
function holdsSdkCode(file: string): boolean {
  return (
    file.endsWith('.js') &&
    /@firebase\/|firebasestorage\.googleapis\.com/.test(readFileSync(join(outDir, file), 'utf8'))
  )
}

/**
 * Firebase code: the SDK, or an adapter chunk loaded on demand that runs only on it (the staff screens'
 * src/firebase/firebase-centre.ts): it holds no SDK code itself but imports a chunk that does.
 */
function isFirebaseCode(file: string): boolean {
  if (holdsSdkCode(file)) return true
  if (!file.endsWith('.js')) return false
  const text = readFileSync(join(outDir, file), 'utf8')
  return [...text.matchAll(/from\s*["']\.\/([\w.-]+\.js)["']/g)].some(
    ([, name]) => name !== undefined && holdsSdkCode(`assets/${name}`),
  )
}

test('the precache holds every marketing page, prerendered, and the app shell, by the address Hosting serves', () => {
  const precached = precacheList()
  expect(precached).toEqual(
    expect.arrayContaining(
      [...marketingPages, 'app-shell.html'].map(servedPath).concat('manifest.webmanifest'),
    ),
  )
  // No page by its file name (Hosting answers '/about.html' with a 301), and no not-found page (Hosting
  // answers it with 404 alone, which would fail the worker's install).
  expect(precached.filter((url) => url.endsWith('.html'))).toEqual([])
  expect(precached).not.toContain('/404')
  for (const page of marketingPages) {
    const html = readFileSync(join(outDir, page), 'utf8')
    // The page's content is in the HTML itself, before any script runs.
    expect(html, page).toMatch(/<div id="root"><[a-z]/)
    expect(html, page).toMatch(/<h1[\s>]/)
    expect(html, page).toContain('<link rel="canonical"')
    expect(html, page).toContain('<meta property="og:title"')
  }
  expect(readFileSync(join(outDir, 'app-shell.html'), 'utf8')).toContain(
    '<div id="root"><!--app-html--></div>',
  )
})

test('the server, as Hosting, answers every precached address with 200 and no redirect', async ({
  request,
}) => {
  // The worker's install fetches each of these and fails on anything but 200: under Hosting a 404 page
  // once kept it from installing at all, while a look-alike test server answered 200.
  const failures: string[] = []
  for (const url of precacheList()) {
    const response = await request.get(url, { maxRedirects: 0 })
    if (response.status() !== 200) failures.push(`${url}: ${response.status()}`)
  }
  expect(failures).toEqual([])
})

test('every page carries its styles inline, so no stylesheet request holds up the first paint', () => {
  for (const page of [...marketingPages, 'app-shell.html']) {
    const html = readFileSync(join(outDir, page), 'utf8')
    expect(html, page).toMatch(/<style>[^<]*\.hero\{/)
    expect(html, page).not.toContain('rel="stylesheet"')
  }
  // Nothing links the site's stylesheet file, so the build does not ship (or precache) it. The three
  // stylesheet files are the staff screens' own, which /centre links when it renders (decision 0023),
  // the parent's notices', linked by the parent area once it draws them (decision 0030), and the
  // enrolment form's, linked by its page (decision 0032).
  const cssFiles = filesIn(outDir).filter((file) => file.endsWith('.css'))
  expect(cssFiles.map((file) => file.replace(/-[\w-]{8}\.css$/, '.css')).sort()).toEqual([
    'assets/centre.css',
    'assets/enrolment.css',
    'assets/notices.css',
  ])
  for (const page of [...marketingPages, 'app-shell.html'])
    for (const file of cssFiles) expect(readFileSync(join(outDir, page), 'utf8'), page).not.toContain(file)
})

/**
 * The in-memory IndexedDB the outbox falls back to in a browser without one (fake-indexeddb, which
 * carries the IndexedDB specification's error messages): it works online only, so it is not precached.
 */
function isNoIndexedDbFallback(file: string): boolean {
  return (
    file.endsWith('.js') &&
    readFileSync(join(outDir, file), 'utf8').includes(
      'A mutation operation in the transaction failed because a constraint was not satisfied',
    )
  )
}

test('neither Firebase code nor the no-IndexedDB fallback is precached, yet their chunks exist', () => {
  const precached = precachedFiles()
  const fallback = filesIn(outDir).filter(isNoIndexedDbFallback)
  expect(fallback, 'the chunk the outbox loads in a browser without IndexedDB').toHaveLength(1)
  expect(precached.filter(isNoIndexedDbFallback)).toEqual([])
})

test('no Firebase code is precached, yet the Firebase chunks exist for the parent area', () => {
  const precached = precachedFiles()
  const firebaseFiles = filesIn(outDir).filter(isFirebaseCode)
  expect(firebaseFiles.length, 'the build has Firebase chunks (loaded by the parent area)').toBeGreaterThan(0)
  expect(precached.filter(isFirebaseCode)).toEqual([])
})

/**
 * What the service worker deliberately leaves out of the precache (vite.config.ts): files that only the
 * browser's and the phone's own screens (install sheet, home screen and shortcuts, iPhone start-up
 * screen), link previews and crawlers use. No page shows them, so no page needs them offline.
 */
const notForPages: Record<string, RegExp> = {
  'app, maskable, shortcut and iOS home-screen icons': /^icons\/[\w-]+\.png$/,
  'iPhone start-up screens': /^splash\/splash-\d+x\d+\.png$/,
  "the install sheet's screenshots": /^screenshots\/[\w-]+\.png$/,
  'the link-preview image': /^og-image\.png$/,
  "crawlers' files": /^(robots\.txt|sitemap\.xml)$/,
  // Hosting answers every address of it with status 404, which a worker's install refuses; offline, the
  // app shell draws the same page.
  'the not-found page': /^404\.html$/,
}
const isNotForPages = (file: string) => Object.values(notForPages).some((pattern) => pattern.test(file))

/** The tags in a page's head that point the browser's own screens and link previews at those files. */
const installAndPreviewTags =
  /<link rel="(?:apple-touch-icon|apple-touch-startup-image|manifest)"[^>]*>|<meta property="og:image"[^>]*>/g

test('the precache leaves out only Firebase, the no-IndexedDB fallback, the worker, the not-found page, and files only install screens, link previews and crawlers use', () => {
  const precached = new Set(precachedFiles())
  const worker = /^sw\.js$/
  const leftOut = filesIn(outDir).filter(
    (file) =>
      !worker.test(file) && !precached.has(file) && !isFirebaseCode(file) && !isNoIndexedDbFallback(file),
  )
  // Nothing else is left out: no page, script, font or picture a page shows, whatever its size.
  expect(leftOut.filter((file) => !isNotForPages(file))).toEqual([])
  // Each kind named above is in the build and left out (the list says what it means, and no more).
  for (const [kind, pattern] of Object.entries(notForPages)) {
    expect(leftOut.filter((file) => pattern.test(file)).length, kind).toBeGreaterThan(0)
    expect(
      [...precached].filter((file) => pattern.test(file)),
      kind,
    ).toEqual([])
  }
  // And no page uses one: not in its markup (beyond the head's tags for the browser's screens and link
  // previews), its scripts or its styles. A picture a page shows must be precached, wherever it lives.
  const pageTexts = [...precached]
    .filter((file) => /\.(html|js|css)$/.test(file))
    .map((file) => ({
      file,
      text: readFileSync(join(outDir, file), 'utf8').replace(installAndPreviewTags, ''),
    }))
  for (const file of leftOut) {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // '/icons/x.png' or 'https://host/icons/x.png', not '/images/icons/x.png'.
    const reference = new RegExp(String.raw`(?:^|[^\w./-]|https?://[\w.:-]+)/${escaped}(?![\w.-])`)
    const users = pageTexts.filter(({ text }) => reference.test(text)).map((page) => page.file)
    expect(users, `pages that use ${file}, which is not precached`).toEqual([])
  }
  // Every image and font is precached, whatever its size (the limit is raised to 8 MiB in vite.config.ts).
  const largest = Math.max(...[...precached].map((file) => statSync(join(outDir, file)).size))
  expect(largest).toBeLessThan(8 * 1024 * 1024)
})
