import { basename, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type PluginOption, runnerImport } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { NOT_FOUND_FILE, type PrerenderEntry, prerender, servedPath } from './scripts/prerender.mjs'
import { webManifest } from './src/pwa/web-manifest.ts'

// Parallel work (and the browser suite) may build into its own folder.
const outDir = process.env.SUNBEAM_OUT_DIR ?? 'dist'
// The client build builds the prerenderer (src/app/entry-prerender.tsx) for Node into this folder, then
// runs it to write each marketing page's HTML before the service worker is made.
const prerenderDir = resolve('node_modules/.sunbeam-prerender', basename(outDir))

async function buildPrerenderer(mode: string): Promise<PrerenderEntry> {
  await build({
    configFile: fileURLToPath(import.meta.url),
    mode,
    logLevel: 'warn',
    // Minified: the start-up script each page inlines is this build's code of src/app/start-app.ts.
    build: { ssr: 'src/app/entry-prerender.tsx', outDir: prerenderDir, emptyOutDir: true, minify: true },
  })
  const entryFile = resolve(prerenderDir, 'entry-prerender.js')
  // Imported by its plain URL: its lazily split route chunks import it back by that URL, and a query
  // string would make that a second copy of the module (with its own state).
  return (await import(pathToFileURL(entryFile).href)) as PrerenderEntry
}

/** React and the router: every page needs them. */
const frameworkModule =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]|vite[\\/](?:preload-helper|modulepreload-polyfill)/

/** The router's head-tag rendering (and the manifest helpers only it uses): the app renders head tags
 * only after an in-app navigation, from a lazy chunk (src/app/document-head.tsx). */
const lazyRouterParts =
  /[\\/]@tanstack[\\/](?:react-router[\\/]dist[\\/]esm[\\/](?:HeadContent|headContentUtils|Asset)|router-core[\\/]dist[\\/]esm[\\/]manifest)\.js$/

/**
 * Code no page needs offline, so the worker does not download it when it installs (it is cached at run
 * time when first used): the Firebase SDK and its adapter (only signed-in parents load them) and the
 * in-memory IndexedDB the outbox falls back to in a browser without one (which works online only).
 */
const runtimeOnlyModule =
  /[\\/]node_modules[\\/](?:@firebase|firebase|fake-indexeddb)[\\/]|[\\/]src[\\/]firebase[\\/]/

/** Collects the file names of the chunks that hold such code, for the precache filter below. */
function runtimeOnlyChunks(names: Set<string>): Plugin {
  return {
    name: 'sunbeam:runtime-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => runtimeOnlyModule.test(id)))
          names.add(chunk.fileName)
      }
    },
  }
}

/**
 * Collects every module the entry imports statically (the code every page runs before it can hydrate),
 * so the chunk group below puts them in one file with React and the router instead of a dozen small
 * ones: one request, and gzip compresses one file better than many.
 */
function entryGraph(ids: Set<string>): Plugin {
  return {
    name: 'sunbeam:entry-graph',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      const queue = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? [])
      // The entry module itself stays in its own chunk: route chunks import the shared one.
      while (queue.length) {
        const id = queue.pop() as string
        if (ids.has(id) || entries.includes(id)) continue
        ids.add(id)
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
}

/** The parent area's public entries (src/parent/index.ts, start.ts; docs/decisions/0074). */
const parentEntry = /[\\/]src[\\/]parent[\\/](?:index|start)\.ts$/

/**
 * The parent area's entries only re-export (and name loaders): marked free of side effects, a route's
 * chunk that imports one screen through them links to that screen's module alone, as it did when it
 * imported the module by its path, instead of to every module they name (one chunk of them all).
 */
function parentEntries(): Plugin {
  return {
    name: 'sunbeam:parent-entries',
    transform(code, id) {
      if (parentEntry.test(id)) return { code, map: null, moduleSideEffects: false }
    },
  }
}

export default defineConfig(async ({ command, mode, isSsrBuild }) => {
  const plugins: PluginOption[] = [
    // The router plugin must come before react() so route files are code-split per route.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
    }),
    react(),
    parentEntries(),
  ]

  const entryModules = new Set<string>()
  if (command === 'build' && !isSsrBuild) plugins.push(entryGraph(entryModules))

  if (command === 'build' && !isSsrBuild) {
    // The brand lives in one module (overridable through VITE_ variables): read it as the app does.
    const { module: brand } = await runnerImport<typeof import('./src/shared/config/site-config')>(
      './src/shared/config/site-config.ts',
      { configFile: false, mode, logLevel: 'silent', resolve: { tsconfigPaths: true } },
    )
    const { siteConfig } = brand
    // The share target's address and field, from the module the worker and the app share.
    const { module: sharedPhotos } = await runnerImport<typeof import('./src/shared/device/shared-photos')>(
      './src/shared/device/shared-photos.ts',
      { configFile: false, mode, logLevel: 'silent', resolve: { tsconfigPaths: true } },
    )
    const skipped = new Set<string>()
    plugins.push(
      runtimeOnlyChunks(skipped),
      VitePWA({
        registerType: 'prompt',
        // src/pwa/sw-update.ts registers the worker (app-status.tsx calls it), after the page has loaded.
        injectRegister: false,
        manifest: webManifest(siteConfig, sharedPhotos),
        integration: {
          // Write the prerendered pages before Workbox lists the files to precache.
          async beforeBuildServiceWorker() {
            await prerender({ outDir: resolve(outDir), entry: await buildPrerenderer(mode) })
          },
        },
        // The manifest's icons are for the browser's install and launch screens, which fetch them when the
        // app is installed: they stay out of the precache (below) like everything else no page shows.
        includeManifestIcons: false,
        // Our own worker (src/pwa/service-worker.ts, through its entry sw.ts, built to /sw.js); the build
        // writes the precache list into it.
        strategies: 'injectManifest',
        srcDir: 'src/pwa',
        filename: 'sw.ts',
        injectManifest: {
          // A classic script: the worker is registered as one.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{html,js,css,svg,png,webp,avif,jpg,jpeg,woff2,ico,txt,xml}'],
          globIgnores: [
            'sw.js',
            // Files only the browser's or the phone's own screens, link previews and crawlers use: no page
            // shows them, so a parent's phone need not download them all when the worker installs.
            'icons/**', // app, maskable, shortcut and iOS home-screen icons
            'splash/**', // iPhone start-up screens
            'screenshots/**', // pictures in the browser's install sheet
            'og-image.png', // link previews
            'robots.txt',
            'sitemap.xml',
          ],
          manifestTransforms: [
            (entries) => ({
              manifest: entries
                // Firebase and the no-IndexedDB fallback (runtimeOnlyModule above) are cached when
                // first used. The not-found page is left out: Hosting answers it with status 404 only
                // (the worker's install would fail on it); offline, an unknown address gets the app
                // shell, whose router draws the same page (src/pwa/service-worker.ts).
                .filter((entry) => !skipped.has(entry.url) && entry.url !== NOT_FOUND_FILE)
                // Each page by the address Hosting serves it at ('/about', not '/about.html', which
                // Hosting answers with a 301), as a parent's navigation asks for it.
                .map((entry) => ({ ...entry, url: servedPath(entry.url) })),
              warnings: [],
            }),
          ],
          // No page, image or font may be left out of the precache for its size (checked by e2e/build-output).
          maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        },
      }),
    )
  }

  return {
    plugins,
    resolve: {
      // '#shared/…', '#parent/children/…' and the like: tsconfig.json's paths (docs/decisions/0001).
      tsconfigPaths: true,
      alias: [
        // React 19 has useSyncExternalStore built in: TanStack's store needs the selector helper, not the
        // shim for React 17 that its import path brings along.
        {
          find: /^use-sync-external-store\/shim\/with-selector$/,
          replacement: 'use-sync-external-store/with-selector',
        },
      ],
    },
    build: {
      outDir: isSsrBuild ? prerenderDir : outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // One stylesheet for the whole site: every prerendered page links it, so no page flashes unstyled
      // while a route's chunk loads.
      cssCodeSplit: false,
      // Every browser the site supports has modulepreload; the polyfill would only add bytes.
      modulePreload: {
        polyfill: false,
        // The runtime every page's entry imports is loaded before any dynamic import runs: naming it in
        // each import's list of files to preload only added bytes to every page's entry.
        resolveDependencies: (_file: string, deps: string[]) =>
          deps.filter((dep) => !/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(dep)),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // React and the router in one file every page needs, not a handful of small ones, each
                // its own request (and gzip compresses one file better than five).
                name: 'framework',
                test: (id: string) =>
                  (frameworkModule.test(id) || entryModules.has(id)) && !lazyRouterParts.test(id),
              },
              {
                // Firebase's core (app, component, logger, util), which the backend and App Check share:
                // named like every chunk of Firebase code (firebase-…), which the worker never precaches
                // and the offline tests recognize by name.
                name: 'firebase-core',
                test: /[\\/]node_modules[\\/](?:@firebase[\\/](?:app|component|logger|util)|idb)[\\/]/,
              },
              {
                // The parent area's context modules (the scope, the outbox's, the live-source helper):
                // a few hundred bytes each, imported by every parent screen. One file, so the entry's
                // map of chunks (which every marketing page downloads) names one file, not three.
                name: 'parent-context',
                test: /[\\/]src[\\/](?:parent[\\/](?:account[\\/]parent-scope-context|outbox[\\/]outbox-context)|shared[\\/]backend[\\/]live-source)\.tsx?$/,
              },
              {
                // The door's start (any page, when a door job waits) and its runtime: one file, as above.
                name: 'door-start',
                test: /[\\/]src[\\/]centre[\\/]today[\\/]door-(?:start|runtime)\.ts$/,
              },
              {
                // The staff lists' store and their steady order (decision 0094): every staff page needs
                // both, so one file, as above (a file of its own added its name to the entry's map).
                name: 'centre-store',
                test: /[\\/]src[\\/]centre[\\/](?:centre-store|steady-order)\.ts$/,
              },
              {
                // The post list and its card: /blog and every post need both, so one file, not two.
                name: 'blog-posts',
                test: /[\\/]src[\\/]marketing[\\/](?:content[\\/]blog-posts|components[\\/]blog-card)\.tsx?$/,
              },
            ],
          },
        },
      },
    },
    server: { port: 5173 },
  }
})
