import { readdirSync, readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const nodeTests = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'functions/src/**/*.test.ts']
/**
 * The test files that mock a module (vi.mock): each needs a module graph of its own, or the module it
 * tests may already be loaded, by an earlier file of the same worker, with the real one.
 */
const mockingFiles = ['src', 'scripts', 'functions/src'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter(
      (file) => /\.test\.tsx?$/.test(file) && /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')),
    ),
)

export default defineConfig({
  plugins: [react()],
  // '#shared/…', '#parent/children/…' and the like: tsconfig.json's paths (docs/decisions/0001).
  resolve: { tsconfigPaths: true },
  test: {
    restoreMocks: true,
    // Above the 5 s the tests' own waits may take on a busy machine (see src/testing/setup/setup-tests.ts).
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one worker.
    maxWorkers: 2,
    projects: [
      {
        // Components: jsdom and Testing Library. As the Node files below, they share one module graph
        // and one window per worker (isolate: false; 38 to 41 s against 55 s for the whole step):
        // setup-tests.ts empties the window's storage, its IndexedDB and the tab's outbox before each
        // test, and src/testing/screens's harness tears down what it rendered with its test.
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          exclude: mockingFiles,
          isolate: false,
          setupFiles: ['./src/testing/setup/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-mocks',
          environment: 'jsdom',
          include: mockingFiles.filter((file) => file.endsWith('.tsx')),
          setupFiles: ['./src/testing/setup/setup-tests.ts'],
        },
      },
      {
        // Everything else runs in Node: setting up jsdom for each of these files took more CPU than
        // their tests (81 of 214 CPU-seconds). A module that needs a window says so in its file's
        // first line (`// @vitest-environment jsdom`).
        extends: true,
        // They share one module graph per worker (isolate: false): setting up a fresh one for each file
        // took a third of the step's CPU (19 against 30 CPU-seconds). Shuffled orders pass; a file that
        // mocks a module runs apart (below).
        test: {
          name: 'node',
          environment: 'node',
          include: nodeTests,
          exclude: mockingFiles,
          isolate: false,
          setupFiles: ['./src/testing/setup/setup-node-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-mocks',
          environment: 'node',
          include: mockingFiles.filter((file) => file.endsWith('.ts')),
          setupFiles: ['./src/testing/setup/setup-node-tests.ts'],
        },
      },
    ],
  },
})
