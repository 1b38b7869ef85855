// The functions' build: one ES module, lib/index.js (package.json's main), for Node 20. The shared record
// schemas (src/shared/records, '#shared/…') are bundled in, so the codebase deploys on its own
// (firebase deploy uploads functions/ only); firebase-functions, firebase-admin and Node's own modules
// stay imports, installed from package.json where the functions run.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: here('.'),
  resolve: { alias: { '#shared': here('../src/shared') } },
  logLevel: 'warn',
  build: {
    ssr: here('src/index.ts'),
    outDir: here('lib'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
  },
})
