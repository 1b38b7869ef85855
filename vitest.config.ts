import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  // '#shared/…', '#parent/kids/…' and the like: tsconfig.json's paths (docs/decisions/0001).
  resolve: { tsconfigPaths: true },
  test: {
    restoreMocks: true,
    // Above the 5 s the tests' own waits may take on a busy machine (see src/test/setup-tests.ts).
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one worker.
    maxWorkers: 2,
    projects: [
      {
        // Components: jsdom and Testing Library.
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup-tests.ts'],
        },
      },
      {
        // Everything else runs in Node: setting up jsdom for each of these files took more CPU than
        // their tests (81 of 214 CPU-seconds). A module that needs a window says so in its file's
        // first line (`// @vitest-environment jsdom`).
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'functions/src/**/*.test.ts'],
          setupFiles: ['./src/test/setup-node-tests.ts'],
        },
      },
    ],
  },
})
