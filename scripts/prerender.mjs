// Writes each marketing page as HTML (content visible before any script runs) into the build, plus the
// app shell for the routes rendered in the browser, the sitemap and robots.txt. Runs inside the client
// build (vite.config.ts), after the bundle is written and before Workbox lists the files to precache.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Where a page's HTML lives: '/' -> index.html, '/about' -> about.html, '/blog/1' -> blog/1.html.
 * Firebase Hosting (cleanUrls) serves them at the clean URL (servedPath). */
export function htmlFileFor(path) {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

/** The address Firebase Hosting (cleanUrls) serves a built file at: index.html -> '/', about.html ->
 * '/about', blog/1.html -> '/blog/1'; any other file at its own path. Its answer for `/about.html` is a
 * 301 to `/about`, so whatever fetches a page (the service worker's precache) asks for this address. */
export function servedPath(file) {
  if (file === 'index.html') return '/'
  return `/${file.endsWith('.html') ? file.slice(0, -'.html'.length) : file}`
}

/** The built file behind an address servedPath gave: '/' -> index.html, '/about' -> about.html,
 * '/assets/a.js' -> assets/a.js. */
export function builtFileFor(address) {
  return /\.[a-z0-9]+$/i.test(address) ? address.replace(/^\//, '') : htmlFileFor(address)
}

function escapeHtml(text) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** The page's <head>: title, description, canonical link and Open Graph / Twitter card tags. */
function headTags({ title, description, url, siteName, imageUrl }) {
  const t = escapeHtml(title)
  const d = escapeHtml(description)
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ')
}

export function pageHtml(template, { title, description, headExtra, markup }) {
  let html = template
  const titleTag = /<title>[\s\S]*?<\/title>/
  const descriptionTag = /<meta name="description" content="[^"]*"\s*\/?>/
  if (!titleTag.test(html) || !descriptionTag.test(html) || !html.includes('<!--app-html-->')) {
    throw new Error('index.html needs a <title>, a description meta tag and <!--app-html--> in #root')
  }
  html = html.replace(titleTag, () => `<title>${escapeHtml(title)}</title>`)
  html = html.replace(
    descriptionTag,
    () => `<meta name="description" content="${escapeHtml(description)}" />`,
  )
  if (headExtra) html = html.replace('</head>', () => `    ${headExtra}\n  </head>`)
  // The stylesheet first: it blocks the first paint, the module scripts do not.
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/.exec(html)
  const firstScript = html.indexOf('<script type="module"')
  if (stylesheet && firstScript !== -1 && stylesheet.index > firstScript) {
    html = html.replace(stylesheet[0], '')
    html = `${html.slice(0, firstScript)}${stylesheet[0].trim()}\n    ${html.slice(firstScript)}`
  }
  return html.replace('<!--app-html-->', () => markup)
}

/**
 * Replaces the entry's module scripts with the start-up script (src/app/start-app.ts): the app starts
 * once the first screen has loaded and painted, or at the first tap. The entry's address goes into a meta
 * tag the script reads, so the script's text is the same on every page and in every build.
 */
export function startAppAfterFirstScreen(html, { starter, entryMeta }) {
  const scripts = [
    ...html.matchAll(/\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g),
  ]
  const entry = scripts.at(-1)
  if (!entry) throw new Error('the page has no module script to start the app with')
  let out = html
  for (const script of scripts) out = out.replace(script[0], '')
  out = out.replace(
    '</head>',
    () => `  <meta name="${entryMeta}" content="${escapeHtml(entry[1])}" />\n  </head>`,
  )
  return out.replace('</body>', () => `  <script type="module">${starter}</script>\n  </body>`)
}

/** The app shell only: the painter of a returning parent's picture, a classic script at the top of the
 * head (after the charset), so it runs while the page is parsed, before the inlined stylesheet and the
 * app's modules (src/app/paint-parent-picture.ts). */
export function withParentPainter(html, painter) {
  const charset = /<meta charset="UTF-8" \/>/i
  if (!charset.test(html) || !html.includes('<div id="root">'))
    throw new Error('the app shell has no charset or #root to paint beside')
  return html.replace(charset, (tag) => `${tag}\n    <script>${painter}</script>`)
}

export function sitemapXml(siteUrl, paths) {
  const urls = paths.map(
    (path) => `  <url><loc>${escapeHtml(siteUrl + (path === '/' ? '/' : path))}</loc></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** The body font's Latin file, preloaded so a first visit paints in Nunito: with `font-display:
 * optional` (global.css) a font that misses the first paint is not used on that page at all, and the
 * fallback fonts are wider (buttons wrap, lines break differently). */
const firstPaintFonts = /^nunito-latin-wght-normal-[\w-]+\.woff2$/

async function fontPreloads(outDir) {
  const names = (await readdir(join(outDir, 'assets'))).filter((name) => firstPaintFonts.test(name))
  return names.map(
    (name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin />`,
  )
}

/** Stylesheets inlined into every page, so the build need not ship (or precache) them as files. The
 * policy allows the inline copy by its hash (style-src, scripts/csp-script-hashes.mjs): same bytes as a
 * file would cost no more, and the first paint needs no second request. */
const inlinedStylesheets = new Set()

/** The stylesheet inlined: a prerendered page paints without waiting for a second request. */
async function inlineStylesheet(html, outDir) {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(html)
  if (!link) return html
  inlinedStylesheets.add(link[1])
  const css = await readFile(join(outDir, link[1]), 'utf8')
  return html.replace(link[0], () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`)
}

/** Writes the pages into `outDir`; `entry` is the prerenderer (src/app/entry-prerender.tsx). The
 * policy allows their inline script and styles by hash, computed from the build wherever it is served
 * or deployed (scripts/hosting-config.mjs). */
export async function prerender({ outDir, entry }) {
  const template = await readFile(join(outDir, 'index.html'), 'utf8')
  const { siteUrl, siteConfig } = entry
  // The brand comes from the site config (VITE_ variables), not from index.html's placeholders.
  const preloads = (await fontPreloads(outDir)).join('\n    ')
  const branded = (
    preloads ? template.replace('</title>', () => `</title>\n    ${preloads}`) : template
  ).replace(
    /<meta name="apple-mobile-web-app-title" content="[^"]*"/,
    () => `<meta name="apple-mobile-web-app-title" content="${escapeHtml(siteConfig.shortName)}"`,
  )
  // Routes rendered in the browser (login, profile, kids, not-found) start from this empty shell;
  // each route's head() then sets its own title.
  const shell = entry.shellHead
  // Its stylesheet is inlined too: a stylesheet request would hold up the first paint.
  await writeFile(
    join(outDir, 'app-shell.html'),
    withParentPainter(
      await inlineStylesheet(
        pageHtml(branded, { title: shell.title, description: shell.description, markup: '<!--app-html-->' }),
        outDir,
      ),
      entry.parentPainterScript,
    ),
  )

  for (const path of entry.marketingPaths) {
    const { html: markup, statusCode, title, description } = await entry.renderPage(path)
    if (statusCode !== 200) {
      // Loud, not fatal, so a page still being written does not stop everyone's build; the build
      // test (e2e/build-output.spec.ts) fails when a marketing page is missing from the output.
      console.warn(
        `\n[prerender] ${path} answered ${statusCode}: not written, it will be rendered in the browser`,
      )
      continue
    }
    const url = siteUrl + (path === '/' ? '/' : path)
    const headExtra = headTags({
      title,
      description,
      url,
      siteName: siteConfig.name,
      imageUrl: `${siteUrl}/og-image.png`,
    })
    const file = join(outDir, htmlFileFor(path))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(
      file,
      startAppAfterFirstScreen(
        await inlineStylesheet(pageHtml(branded, { title, description, headExtra, markup }), outDir),
        { starter: entry.appStarterScript, entryMeta: entry.APP_ENTRY_META },
      ),
    )
  }

  // The not-found page, for every path that is neither a page nor an app route: Firebase Hosting
  // answers those with this file and HTTP 404, not a soft 404.
  const missing = await entry.renderPage(NOT_FOUND_PROBE)
  if (missing.statusCode !== 404)
    throw new Error(`${NOT_FOUND_PROBE} should not be found, got ${missing.statusCode}`)
  await writeFile(
    join(outDir, NOT_FOUND_FILE),
    startAppAfterFirstScreen(
      await inlineStylesheet(
        pageHtml(branded, {
          title: `Page not found | ${siteConfig.shortName}`,
          description: missing.description,
          headExtra: '<meta name="robots" content="noindex" />',
          markup: missing.html,
        }),
        outDir,
      ),
      { starter: entry.appStarterScript, entryMeta: entry.APP_ENTRY_META },
    ),
  )

  // Every page written above (the app shell too) carries the stylesheet inline: nothing links the file.
  for (const file of inlinedStylesheets) await rm(join(outDir, file))
  inlinedStylesheets.clear()

  await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(siteUrl, entry.marketingPaths))
  const robots = await readFile(join(outDir, 'robots.txt'), 'utf8')
  await writeFile(join(outDir, 'robots.txt'), `${robots.trimEnd()}\n\nSitemap: ${siteUrl}/sitemap.xml\n`)
}

/** The prerendered not-found page; Firebase Hosting serves a `404.html` with status 404 by itself. */
export const NOT_FOUND_FILE = '404.html'
/** A path no route has, rendered to make that page. */
const NOT_FOUND_PROBE = '/404'
