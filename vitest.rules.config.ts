import { defineConfig } from 'vitest/config'

// Security rules tests: they need the Firestore (and Storage) emulators, which need Java 21, so they are
// not part of `npm test`; `npm run test:emulators` runs them inside `firebase emulators:exec`.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/rules/**/*.test.ts'],
    // One emulator serves every file: run them one after another.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
